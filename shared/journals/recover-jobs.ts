import { randomUUID } from 'node:crypto';
import { pendingEventOp } from '../db/event-store.ts';
import { getJournal } from '../db/journal-store.ts';
import { unfinishedJobs, type UnfinishedJob } from '../db/job-store.ts';
import { RequestUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../errors.ts';
import { eventRecord } from '../events/event-record.ts';
import { requestLogger } from '../http/logger.ts';
import { finishAbandonedJob, jobEvent } from './post-journal.ts';
import { isInProgress } from './wide-posting.ts';

/** Older than any request can still be running (the functions time out at 29 s): a job left this long is abandoned. */
export const ABANDONED_AFTER_MS = 30_000;

/**
 * Recovery of wide-posting jobs whose request died (a crash, a timeout, a lost connection):
 * every job listed unfinished and started before `startedBefore` is finished forward, exactly as
 * its request would have finished it, with the event that request would have recorded (named
 * after whoever started it). Chunks are conditional on the job's progress, so a request or
 * another recovery finishing the same job at once applies nothing twice.
 *
 * Run every few seconds beside `npm start` (infra/local/job-recovery.ts) and every minute in AWS
 * (functions/ops/recover-jobs.ts); `startedBefore` is older than any request can still be running
 * (the functions' 29 s timeout), or locally the stack's own start. `companyId` narrows it to one
 * company's jobs.
 */
export async function recoverJobs(startedBefore: Date, companyId?: string): Promise<{ finished: number; failed: number }> {
  let finished = 0;
  let failed = 0;
  for (const job of await unfinishedJobs(startedBefore, companyId)) {
    try {
      if (await recoverJob(job)) finished++;
    } catch (error) {
      // Another request finished it first (a state or version conflict): nothing left to do.
      if (error instanceof AppError && error.status === 409) continue;
      failed++;
      requestLogger(randomUUID()).error('job recovery failed', { companyId: job.companyId, journalId: job.journalId, error: String(error) });
    }
  }
  return { finished, failed };
}

async function recoverJob({ companyId, journalId }: UnfinishedJob): Promise<boolean> {
  const journal = await getJournal(companyId, journalId);
  if (!journal || !isInProgress(journal)) return false;
  const uow = new RequestUnitOfWork(() => journal.job.actor ?? null);
  const type = jobEvent(journal);
  uow.hooks.push((response) => [
    pendingEventOp(eventRecord({ eventId: randomUUID(), type, companyId, actor: uow.actor, requestId: null, params: { companyId, id: journalId }, body: { version: journal.job.fromVersion }, response, now: new Date() })),
  ]);
  await finishAbandonedJob(uow, companyId, journal);
  return true;
}
