import { eventsBetween, getEvent, oldestKeptSequence } from '../db/event-store.ts';
import { ValidationError } from '../errors.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import { currentAuditHead } from './audit-head.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { ChainWalk, firstBreak, type Break } from './chain-walk.ts';
import { RecordAudit } from './record-audit.ts';
import type { VerifyAuditInput } from './schemas.ts';

export type VerifyView = ResponseOf<'AuditVerifyResponse'>;

/** Events read per page of work, and pages read ahead while one is checked. */
const PAGE = 1000;
const READ_AHEAD = 4;
/** Pages whose record checks run at once. */
const CHECKS_AT_ONCE = 3;
/** Events one call checks at most (a request has 29 seconds); the answer's toSequence says where it stopped. */
export const MAX_EVENTS_PER_CALL = 250_000;

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
 * oldest event still kept through the head; a range past the head stops at the head.
 * Errors: ValidationError (fromSequence above the head).
 */
export async function verifyAudit(companyId: string, query: VerifyAuditInput): Promise<VerifyView> {
  const head = await currentAuditHead(companyId);
  const headSequence = head.sequence;
  const from = query.fromSequence ?? (await oldestKeptSequence(companyId)) ?? 1;
  if (from > headSequence) throw ValidationError.field('fromSequence', `must not be above the head of the chain (${headSequence})`);
  const to = Math.min(query.toSequence ?? headSequence, headSequence, from + MAX_EVENTS_PER_CALL - 1);

  const walk = new ChainWalk(from, from > 1 ? await getEvent(companyId, from - 1) : undefined);
  const records = new RecordAudit(companyId);
  let broken: Break | undefined;
  let last = from - 1;
  // Record checks of a page run while the next pages are walked (a few at once: they wait on reads).
  const checking: Array<Promise<void>> = [];
  for await (const page of pages(companyId, from, to)) {
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
  }
  await Promise.all(checking);
  if (!broken && last < to) broken = walk.missing();
  if (!broken && to === headSequence && head.hash !== null && walk.lastHash !== null && walk.lastHash !== head.hash) {
    broken = { sequence: to, reason: `the chain's head kept on the event counter is not the hash of event ${to}` };
  }
  broken = firstBreak(broken, await records.finish(!broken && to === headSequence, to));
  return {
    verified: !broken,
    checked: walk.checked,
    fromSequence: from,
    toSequence: to,
    headSequence,
    headHash: head.hash,
    firstBrokenSequence: broken?.sequence ?? null,
    reason: broken?.reason ?? null,
  };
}
