import type { ActorRef } from '../auth/actor.ts';
import { balanceOps } from '../db/ledger/balance-store.ts';
import { jobFinishedOps, jobStartedOps } from '../db/stores/job-store.ts';
import { advanceJobOp, JobAdvanced, mustGetJournal, replaceJournalOp } from '../db/ledger/journal-store.ts';
import type { InProgressJournal, JournalRecord, PostingJob, Posting } from './records.ts';
import { ledgerOps } from '../db/ledger/ledger-store.ts';
import type { LedgerJournal } from './ledger-entries.ts';
import { inChunks, MAX_TRANSACTION_ITEMS, transactWrite } from '../db/table/transact.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import { openPeriodCheckOp, periodPostingsOp } from '../db/stores/year-store.ts';
import { StateConflict } from '../errors.ts';
import { balanceDeltas, currencyDeltas } from './rules.ts';

/**
 * Postings wider than one DynamoDB transaction (100 items), as a resumable job:
 *
 *   draft ──Post──> posting ──chunk 0..n-1──> posted        (sign 1)
 *   posted ──Void/Adjust──> unposting ──chunks──> voided / draft   (sign -1)
 *
 * 1. One transaction moves the journal to `posting` (or `unposting`) with its job, checks the
 *    period is open and counts a posting under way into it (Lock and Close refuse meanwhile), and
 *    into the company's jobs (reports answer 409 meanwhile: shared/reports/steady-books.ts), and
 *    lists the job as unfinished.
 * 2. Each chunk transaction applies up to 99 balance and ledger writes and records itself on
 *    the journal (`job.next`), conditionally on being the next chunk: a chunk is applied once.
 * 3. The last transaction gives the journal its final state and uncounts the posting, with the
 *    request's idempotency record.
 * A failure anywhere leaves the journal showing its job; the same request sent again (same
 * action, the version it was based on or the journal's current one) applies what is left, and
 * if nobody sends it, recovery (recover-jobs.ts) finishes the job within a minute.
 * Chunks are cut from the same lines in the same order on every attempt.
 */

/** Items of a chunk besides the journal's progress. */
const CHUNK_ITEMS = MAX_TRANSACTION_ITEMS - 1;

/** The balance (base and foreign-currency) and ledger writes of a posting (sign 1) or of taking it back (-1), always in one order. */
export function postingItemOps(companyId: string, journal: LedgerJournal & Posting, sign: 1 | -1): Change[] {
  return [
    ...balanceOps(companyId, journal, balanceDeltas(journal.entries, sign), currencyDeltas(journal.entries, sign)),
    ...ledgerOps(companyId, journal, sign),
  ];
}

export const isInProgress = (journal: JournalRecord): journal is InProgressJournal => journal.status === 'posting' || journal.status === 'unposting';

/** The journal as its job shows it, from the state it leaves. */
export function withJob<J extends LedgerJournal & Posting & { version: number }>(journal: J, action: PostingJob['action'], actor: ActorRef): InProgressJournal {
  const { reversedBy: _reversed, ...fields } = journal as J & { reversedBy?: string; status?: string };
  return {
    ...(fields as unknown as InProgressJournal),
    status: action === 'Post' ? 'posting' : 'unposting',
    job: { action, next: 0, fromVersion: journal.version, actor },
    version: journal.version + 1,
    updatedAt: new Date().toISOString(),
  };
}

/** The writes that start a job: the journal shows it, the period is open and counts it, the company counts it. */
export function startJobOps(companyId: string, started: InProgressJournal, write: Change): Change[] {
  return [
    write,
    openPeriodCheckOp(companyId, started.financialYearId, started.periodId, started.balanceShard),
    periodPostingsOp(companyId, started.periodId, 1),
    ...jobStartedOps(companyId, started.id, started.updatedAt),
  ];
}

/**
 * A request for `action` on a journal whose job is under way: the job's own request sent again
 * resumes it. Errors: StateConflict PostingInProgress for any other request.
 */
export function checkResumes(journal: InProgressJournal, action: PostingJob['action'], version: number): void {
  if (journal.job.action === action && (version === journal.version || version === journal.job.fromVersion)) return;
  throw new StateConflict('PostingInProgress', `A ${journal.job.action} of this journal is under way; send it again to finish it.`);
}

/**
 * Applies the job's remaining chunks, then commits the journal's final state (`finish`) with
 * the request's own writes. Errors: those of the writes (the job stays resumable), VersionConflict
 * when another request finished the job first.
 */
export async function finishJob<T>(
  uow: UnitOfWork,
  companyId: string,
  started: InProgressJournal,
  finish: (journal: InProgressJournal) => { final: JournalRecord; extra?: Change[]; response: T },
): Promise<T> {
  const ops = postingItemOps(companyId, started, started.status === 'posting' ? 1 : -1);
  const chunks = inChunks(ops, CHUNK_ITEMS);
  let journal = started;
  while (journal.job.next < chunks.length) {
    const chunk = journal.job.next;
    try {
      await transactWrite([...chunks[chunk]!, advanceJobOp(companyId, journal, chunk)]);
      journal = { ...journal, job: { ...journal.job, next: chunk + 1 } };
    } catch (error) {
      if (!(error instanceof JobAdvanced)) throw error;
      // Another request applied this chunk: carry on from where the journal says.
      const current = await mustGetJournal(companyId, started.id);
      if (!isInProgress(current)) return finishedMeanwhile();
      journal = current;
    }
  }
  const { final, extra = [], response } = finish(journal);
  return uow.commit([replaceJournalOp(companyId, journal, final), periodPostingsOp(companyId, journal.periodId, -1), ...jobFinishedOps(companyId, journal.id), ...extra], response);
}

function finishedMeanwhile(): never {
  throw new StateConflict('PostingInProgress', 'Another request finished this posting first; read the journal again.');
}
