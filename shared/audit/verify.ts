import { config } from '../config.ts';
import { eventsBetween, getEvent, oldestKeptSequence } from '../db/event-store.ts';
import { ValidationError } from '../errors.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import { currentAuditHead } from './audit-head.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { ChainWalk, firstBreak, missingEvent, type Break } from './chain-walk.ts';
import { RecordAudit } from './record-audit.ts';
import type { VerifyAuditInput } from './schemas.ts';
import { decodeVerifyResume, encodeVerifyResume, type VerifyResume } from './verify-cursor.ts';
import { inVerifyRun } from './verify-runs.ts';

export type VerifyView = ResponseOf<'AuditVerifyResponse'>;

/** Events read per page of work, and pages read ahead while one is checked. */
const PAGE = 1000;
const READ_AHEAD = 4;
/** Pages whose record checks run at once. */
const CHECKS_AT_ONCE = 3;

/** Pages of the events `from` to `to`, in order, a few read ahead. */
async function* pages(companyId: string, from: number, to: number): AsyncGenerator<SequencedEvent[]> {
  const starts: number[] = [];
  for (let start = from; start <= to; start += PAGE) starts.push(start);
  const reads: Array<Promise<SequencedEvent[]>> = [];
  const read = (i: number) => eventsBetween(companyId, starts[i]!, Math.min(starts[i]! + PAGE - 1, to));
  for (let i = 0; i < starts.length; i++) {
    while (reads.length < Math.min(starts.length, i + READ_AHEAD)) {
      const ahead = read(reads.length);
      // A walk that stops early leaves pages read ahead unawaited: their failure is nobody's.
      ahead.catch(() => undefined);
      reads.push(ahead);
    }
    yield await reads[i]!;
  }
}

/**
 * Verifies the company's audit chain over `fromSequence` to `toSequence` (docs/decisions.md,
 * Audit): numbers what is pending, then recomputes the chain page by page (chain-walk.ts) and
 * checks the records the walked events describe (record-audit.ts). The range defaults to the
 * oldest event still kept through the head; a range past the head stops at the head. One
 * request walks at most config.verifyPageEvents events, or config.verifyPageMs of walking;
 * a range it did not finish answers `nextPage`, which `page` resumes from. A company runs at
 * most config.verifyRunsPerCompany requests at once (verify-runs.ts).
 * Errors: ValidationError (fromSequence above the head; InvalidCursor), TooManyVerifyRuns.
 */
export async function verifyAudit(companyId: string, query: VerifyAuditInput): Promise<VerifyView> {
  const resume = query.page ? await decodeVerifyResume(companyId, { ...query, page: query.page }) : undefined;
  return inVerifyRun(companyId, () => verifyPage(companyId, query, resume));
}

async function verifyPage(companyId: string, query: VerifyAuditInput, resume: VerifyResume | undefined): Promise<VerifyView> {
  const walkUntil = Date.now() + config.verifyPageMs;
  const head = await currentAuditHead(companyId);
  const headSequence = head.sequence;
  const runFrom = resume?.from ?? query.fromSequence ?? (await oldestKeptSequence(companyId)) ?? 1;
  if (runFrom > headSequence) throw ValidationError.field('fromSequence', `must not be above the head of the chain (${headSequence})`);
  const from = resume?.next ?? runFrom;
  const to = Math.min(query.toSequence ?? headSequence, headSequence);
  const pageTo = Math.min(to, from + config.verifyPageEvents - 1);

  const before = from > 1 ? await getEvent(companyId, from - 1) : undefined;
  const walk = new ChainWalk(from, before);
  const records = new RecordAudit(companyId);
  // A resumed run walked the event before `from` itself: it must still be there to link to.
  let broken: Break | undefined = resume && !before ? missingEvent(from - 1) : undefined;
  let last = from - 1;
  let outOfTime = false;
  // Record checks of a page run while the next pages are walked (a few at once: they wait on reads).
  const checking: Array<Promise<void>> = [];
  for await (const page of broken ? [] : pages(companyId, from, pageTo)) {
    const walked: SequencedEvent[] = [];
    for (const e of page) {
      broken = walk.next(e);
      if (broken) break;
      walked.push(e);
      last = e.sequence;
    }
    checking.push(records.page(walked));
    if (checking.length >= CHECKS_AT_ONCE) await checking.shift();
    if (broken) break;
    if (Date.now() > walkUntil && last < pageTo) {
      outOfTime = true;
      break;
    }
  }
  await Promise.all(checking);
  const end = outOfTime ? last : pageTo;
  if (!broken && last < end) broken = walk.missing();
  const atHead = !broken && end === headSequence;
  if (atHead && head.hash !== null && walk.lastHash !== null && walk.lastHash !== head.hash) {
    broken = { sequence: end, reason: `the chain's head kept on the event counter is not the hash of event ${end}` };
  }
  broken = firstBreak(broken, await records.finish(last, broken ? 'none' : atHead ? 'head' : 'history'));
  const checked = (resume?.checked ?? 0) + walk.checked;
  const more = !broken && end < to;
  return {
    verified: !broken,
    checked,
    fromSequence: runFrom,
    toSequence: more ? end : to,
    headSequence,
    headHash: head.hash,
    firstBrokenSequence: broken?.sequence ?? null,
    reason: broken?.reason ?? null,
    nextPage: more ? await encodeVerifyResume(companyId, query, { next: end + 1, from: runFrom, checked }) : null,
  };
}
