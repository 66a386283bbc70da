import { randomUUID } from 'node:crypto';
import type { UnfinishedJob } from './job-records.ts';
import { AppError } from '../errors.ts';
import { requestLogger } from '../logger.ts';
import { recoverRevaluation } from '../revaluations/finish-revaluation.ts';
import { finishAbandonedJob } from './post-journal.ts';
import { recoveryUnitOfWork } from './recovery-unit-of-work.ts';
import { isInProgress, jobEvent } from './posting-jobs.ts';
import type { RevaluationFinishing } from '../revaluations/store.ts';
import type { PostingBooks } from './store.ts';
import type { RecoveryUnits } from '../unit-of-work.ts';

/** Work requests left under way, for their recovery. */
export interface PendingJobs {
  /** Wide postings and wide revaluations under way that started before `startedBefore`, of one company or all. */
  unfinished(startedBefore: Date, companyId?: string): Promise<UnfinishedJob[]>;
  /** What finishing a wide revaluation needs, on these books. */
  revaluations(books: PostingBooks): RevaluationFinishing;
  /** The unit of work finishing a job, with the event its request would have recorded. */
  recoveryUnits: RecoveryUnits;
}

/** Older than any request can still be running (the functions time out at 29 s): a job left this long is abandoned. */
export const ABANDONED_AFTER_MS = 30_000;

/**
 * Recovery of wide-posting jobs and wide revaluations whose request died (a crash, a timeout, a
 * lost connection): every one listed unfinished and started before `startedBefore` is finished
 * forward, exactly as its request would have finished it, with the event that request would have
 * recorded (named after whoever started it). Chunks are conditional on the job's progress, so a request or
 * another recovery finishing the same job at once applies nothing twice.
 *
 * Run every few seconds beside `npm start` (infra/local/job-recovery.ts) and every minute in AWS
 * (functions/ops/recover-jobs.ts); `startedBefore` is older than any request can still be running
 * (the functions' 29 s timeout), or locally the stack's own start. `companyId` narrows it to one
 * company's jobs.
 */
export async function recoverJobs(books: PostingBooks, pending: PendingJobs, startedBefore: Date, companyId?: string): Promise<{ finished: number; failed: number }> {
  let finished = 0;
  let failed = 0;
  for (const job of await pending.unfinished(startedBefore, companyId)) {
    try {
      if (await recoverJob(books, pending, job)) finished++;
    } catch (error) {
      // Another request finished it first (a state or version conflict): nothing left to do.
      if (error instanceof AppError && error.status === 409) continue;
      failed++;
      requestLogger(randomUUID()).error('job recovery failed', { companyId: job.companyId, journalId: job.journalId, error: String(error) });
    }
  }
  return { finished, failed };
}

async function recoverJob(books: PostingBooks, pending: PendingJobs, { companyId, journalId, revaluationDate }: UnfinishedJob): Promise<boolean> {
  if (revaluationDate) return recoverRevaluation(pending.revaluations(books), companyId, revaluationDate);
  const journal = await books.journal(companyId, journalId);
  if (!journal || !isInProgress(journal)) return false;
  // A revaluation's journals are posted and reversed by the revaluation's own recovery, which records its one event.
  if (journal.revaluationDate) return false;
  const uow = recoveryUnitOfWork(pending.recoveryUnits, companyId, journal.job.actor ?? null, jobEvent(journal), { id: journalId }, { version: journal.job.fromVersion });
  await finishAbandonedJob(books, uow, companyId, journal);
  return true;
}
