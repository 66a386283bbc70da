import { randomUUID } from 'node:crypto';
import { config } from '../config.ts';
import { ValidationError } from '../errors.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import { currentAuditHead, type AuditHead } from './audit-head.ts';
import { checkPairSums } from './balance-audit.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { ChainWalk, firstBreak, missingEvent, type Break } from './chain-walk.ts';
import { RecordAudit } from './record-audit.ts';
import type { VerifyAuditInput } from './schemas.ts';
import { decodeVerifyResume, encodeVerifyResume, type BalancesResume, type FilesResume, type VerifyResume } from './verify-cursor.ts';
import { inVerifyRun } from './verify-runs.ts';
import type { AuditVerifying } from './store.ts';

export type VerifyView = ResponseOf<'AuditVerifyResponse'>;

/** Events read per page of work, and pages read ahead while one is checked. */
const PAGE = 1000;
const READ_AHEAD = 4;
/** Pages whose record checks run at once. */
const CHECKS_AT_ONCE = 3;
/** Accounts-in-periods whose balances are read together. */
const PAIRS_AT_ONCE = 25;

/** Pages of the events `from` to `to`, in order, a few read ahead. */
async function* pages(books: AuditVerifying, companyId: string, from: number, to: number): AsyncGenerator<SequencedEvent[]> {
  const starts: number[] = [];
  for (let start = from; start <= to; start += PAGE) starts.push(start);
  const reads: Array<Promise<SequencedEvent[]>> = [];
  const read = (i: number) => books.eventsBetween(companyId, starts[i]!, Math.min(starts[i]! + PAGE - 1, to));
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
 * checks the records the walked events describe and their journals' ledger entries
 * (record-audit.ts); once the range is walked, the balances of every account and period the
 * walked journals posted into (balance-audit.ts), each once. Events the table no longer keeps
 * are read from their archived segments (archived-events.ts). The range defaults to the oldest
 * event archived (or else still kept) through the head; a range past the head stops at the head. One request walks
 * at most config.verifyPageEvents events, or config.verifyPageMs of walking, and checks at most
 * config.verifyPagePairs balances; a run it did not finish answers `nextPage`, which `page`
 * resumes from. A run whose range reaches the head then checks the files of the company's
 * available source documents in storage (verify-attachments.ts), at most 100 a request. A company runs at most config.verifyRunsPerCompany requests at once (verify-runs.ts).
 * Errors: ValidationError (fromSequence above the head; InvalidCursor), TooManyVerifyRuns.
 */
export async function verifyAudit(books: AuditVerifying, companyId: string, query: VerifyAuditInput): Promise<VerifyView> {
  const resume = query.page ? await decodeVerifyResume(books, companyId, { ...query, page: query.page }) : undefined;
  return inVerifyRun(books.bulkRuns, companyId, () => verifyPage(books, companyId, query, resume));
}

async function verifyPage(books: AuditVerifying, companyId: string, query: VerifyAuditInput, resume: VerifyResume | undefined): Promise<VerifyView> {
  const until = Date.now() + config.verifyPageMs;
  const head = await currentAuditHead(books, companyId);
  // Events the table no longer keeps are read from their archived segments (archived-events.ts), loaded only for a company that has some.
  const archived = await books.eventArchive(companyId);
  const archive = archived && new (await import('./archived-events.ts')).ArchivedEvents(books, archived, companyId);
  const runFrom = resume?.from ?? query.fromSequence ?? archived?.from ?? (await books.oldestKeptSequence(companyId)) ?? 1;
  if (runFrom > head.sequence) throw ValidationError.field('fromSequence', `must not be above the head of the chain (${head.sequence})`);
  const to = Math.min(query.toSequence ?? head.sequence, head.sequence);
  const answer = (checked: number, toSequence: number, broken: Break | null, nextPage: string | null, attachments: VerifyView['attachments'] = null): VerifyView => ({
    verified: !broken && !attachments?.problemsFound,
    checked,
    fromSequence: runFrom,
    toSequence,
    headSequence: head.sequence,
    headHash: head.hash,
    firstBrokenSequence: broken?.sequence ?? null,
    reason: broken?.reason ?? null,
    nextPage,
    attachments,
  });
  // The files of source documents, last, in a run reaching the head: a step of its own, loaded then.
  const files = async (run: FilesResume) =>
    (await import('./verify-attachments.ts')).verifyAttachmentFiles(books, companyId, run, until, (nextPage, attachments) => answer(run.checked, to, run.broken, nextPage, attachments), (next) => encodeVerifyResume(books, companyId, query, next));
  if (resume && 'files' in resume) return files(resume);

  let balances: BalancesResume;
  if (!resume || 'next' in resume) {
    const run = resume?.run ?? randomUUID();
    const from = resume?.next ?? runFrom;
    const walked = await walkPage(archive?.books ?? books, companyId, { run, from, to, head, resumed: resume !== undefined, until });
    const checked = (resume?.checked ?? 0) + walked.checked;
    if (!walked.broken && walked.end < to) return answer(checked, walked.end, null, await encodeVerifyResume(books, companyId, query, { run, from: runFrom, checked, next: walked.end + 1 }));
    const broken = archive ? archive.explain(walked.broken) : walked.broken;
    balances = { run, from: runFrom, checked, after: null, broken: broken ? { ...broken, yields: walked.yields } : null };
  } else balances = resume;

  const { more, ...checked } = await checkBalances(books, companyId, balances, until);
  const broken = checked.broken ? { sequence: checked.broken.sequence, reason: checked.broken.reason } : null;
  if (!more && to === head.sequence) return files({ run: checked.run, from: checked.from, checked: checked.checked, broken: checked.broken, files: null });
  return answer(checked.checked, to, broken, more ? await encodeVerifyResume(books, companyId, query, checked) : null);
}

/**
 * Walks the events `from` on, up to `to`, config.verifyPageEvents of them or until `until`,
 * checking their records and ledger entries, and keeps the accounts and periods their journals
 * posted into under the run. `end`: the last number walked (or `to`); `yields`: the break is a
 * ledger entry's, so a balance at its number comes before it.
 */
async function walkPage(books: AuditVerifying, companyId: string, w: { run: string; from: number; to: number; head: AuditHead; resumed: boolean; until: number }) {
  const { from, to, head } = w;
  const pageTo = Math.min(to, from + config.verifyPageEvents - 1);
  const before = from > 1 ? await books.getEvent(companyId, from - 1) : undefined;
  const walk = new ChainWalk(from, before);
  const records = new RecordAudit(books, companyId, to);
  // A resumed run walked the event before `from` itself: it must still be there to link to.
  let broken: Break | undefined = w.resumed && !before ? missingEvent(from - 1) : undefined;
  let last = from - 1;
  let outOfTime = false;
  // Record checks of a page run while the next pages are walked (a few at once: they wait on reads).
  const checking: Array<Promise<void>> = [];
  for await (const page of broken ? [] : pages(books, companyId, from, pageTo)) {
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
    if (Date.now() > w.until && last < pageTo) {
      outOfTime = true;
      break;
    }
  }
  await Promise.all(checking);
  const end = outOfTime ? last : pageTo;
  if (!broken && last < end) broken = walk.missing();
  const atHead = !broken && end === head.sequence;
  if (atHead && head.hash !== null && walk.lastHash !== null && walk.lastHash !== head.hash) {
    broken = { sequence: end, reason: `the chain's head kept on the event counter is not the hash of event ${end}` };
  }
  broken = firstBreak(broken, await records.finish(last, broken ? 'none' : atHead ? 'head' : 'history'));
  await books.keepTouchedPairs(companyId, w.run, from, records.touched());
  return { end, broken, yields: broken !== undefined && broken === records.entryBroken, checked: walk.checked };
}

/**
 * Checks the balances of the run's pairs after `after`, a group at a time, at least one group
 * and at most config.verifyPagePairs pairs, stopping after a group past `until`. Only a pair
 * whose first posting comes before the break found so far can change the answer, so only those
 * are read. `more` when pairs are left.
 */
async function checkBalances(books: AuditVerifying, companyId: string, state: BalancesResume, until: number): Promise<BalancesResume & { more: boolean }> {
  let { after, broken } = state;
  let budget = config.verifyPagePairs;
  const before = (sequence: number) => !broken || sequence < broken.sequence || (broken.yields && sequence === broken.sequence);
  for (let group = 0; ; group++) {
    if (group > 0 && (budget <= 0 || Date.now() > until)) return { ...state, after, broken, more: true };
    const { pairs, more } = await books.verifyPairsAfter(companyId, state.run, after, Math.min(PAIRS_AT_ONCE, budget));
    budget -= pairs.length;
    const found = await checkPairSums(books, companyId, pairs.filter((p) => before(p.sequence)));
    if (found && before(found.sequence)) broken = { ...found, yields: false };
    if (pairs.length > 0) after = books.pairPosition(pairs.at(-1)!);
    if (!more) return { ...state, after, broken, more: false };
  }
}
