import { jobFinishedOps, jobStartedOps } from '../stores/job-store.ts';
import { underWay } from './job-states.ts';
import { replaceJournalOp } from './journal-items.ts';
import { mustGetJournal } from './journal-store.ts';
import { postingItemOps } from './posting-items.ts';
import type { Placed } from './placement.ts';
import * as keys from '../table/keys.ts';
import { mainTable } from '../table/table-ops.ts';
import { inChunks, MAX_TRANSACTION_ITEMS, transactWrite, type WriteOp } from '../table/transact.ts';
import { openPeriodCheckOp, periodPostingsOp } from '../stores/year-store.ts';
import { StateConflict } from '../../errors.ts';
import type { InProgressJournal, JournalRecord } from '../../journals/records.ts';
import type { PostingFigures } from '../../journals/posting-figures.ts';
import type { UnitOfWork } from '../../unit-of-work.ts';

/**
 * Postings wider than one DynamoDB transaction (100 items), as a resumable job (the journal's
 * states: job-states.ts):
 *
 * 1. One transaction moves the journal to `posting` (or `unposting`) with its job, checks the
 *    period is open and counts a posting under way into it (Lock and Close refuse meanwhile), and
 *    into the company's jobs (reports answer 409 meanwhile: shared/reports/steady-books.ts), and
 *    lists the job as unfinished.
 * 2. Each chunk transaction applies up to 99 balance and ledger writes and records itself on
 *    the journal (`job.next`), conditionally on being the next chunk: a chunk is applied once.
 * 3. The last transaction gives the journal its final state and uncounts the posting, with the
 *    request's idempotency record.
 * Chunks are cut from the same figures (the use case's, worked out from the journal's lines and
 * its job's direction: journals/posting-jobs.ts jobFigures) in the same order on every attempt.
 */

/** Items of a chunk besides the journal's progress. */
const CHUNK_ITEMS = MAX_TRANSACTION_ITEMS - 1;

/** The writes that start a job: the journal shows it, the period is open and counts it, the company counts it. */
export function startJobOps(companyId: string, started: Placed<InProgressJournal>, write: WriteOp): WriteOp[] {
  return [
    write,
    openPeriodCheckOp(companyId, started.financialYearId, started.periodId, started.balanceShard),
    periodPostingsOp(companyId, started.periodId, 1),
    ...jobStartedOps(companyId, started.id, started.updatedAt),
  ];
}

/**
 * Applies the job's remaining chunks of `figures` (its posting's, or taking it back's), then
 * commits the journal's final state (`finish`, with the answer and what its event records when
 * that is not the answer) with the request's own writes. Errors: those of the writes (the job
 * stays resumable), StateConflict PostingInProgress when another request finished the job first.
 */
export async function finishJob<T>(
  uow: UnitOfWork,
  companyId: string,
  started: Placed<InProgressJournal>,
  figures: PostingFigures,
  finish: (journal: InProgressJournal) => { final: JournalRecord; response: T; described?: unknown },
): Promise<T> {
  const ops = postingItemOps(companyId, started, figures);
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
      if (!underWay(current)) return finishedMeanwhile();
      journal = current as Placed<InProgressJournal>;
    }
  }
  const { final, response, described } = finish(journal);
  return uow.commit([replaceJournalOp(companyId, journal, final), periodPostingsOp(companyId, journal.periodId, -1), ...jobFinishedOps(companyId, journal.id)], response, { described });
}

function finishedMeanwhile(): never {
  throw new StateConflict('PostingInProgress', 'Another request finished this posting first; read the journal again.');
}

/** Raised when a job's chunk was applied by another request first; the caller reads the journal again. */
export class JobAdvanced extends StateConflict {
  constructor() {
    super('PostingInProgress', 'Another request is applying this posting; retry.');
  }
}

/** Records that chunk `chunk` of the job is applied, unless another request recorded it first (JobAdvanced). */
export function advanceJobOp(companyId: string, journal: InProgressJournal, chunk: number): WriteOp {
  return mainTable.update(
    keys.journal(companyId, journal.id),
    { expression: 'SET #job.#next = :next', names: { '#job': 'job', '#next': 'next' }, values: { ':next': chunk + 1 } },
    {
      condition: { expression: '#status = :status AND #job.#next = :chunk', names: { '#status': 'status', '#job': 'job', '#next': 'next' }, values: { ':status': journal.status, ':chunk': chunk } },
      onConditionFailed: () => new JobAdvanced(),
    },
  );
}
