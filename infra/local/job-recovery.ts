import { postingBooks } from '../../shared/db/ledger/books-store.ts';
import { postingPeriod } from '../../shared/financial-years/posting-rules.ts';
import { pendingJobs } from '../../shared/db/stores/pending-jobs.ts';
import { ABANDONED_AFTER_MS, recoverJobs } from '../../shared/journals/recover-jobs.ts';
import { sweepLoop, type RunningSweep } from './sweep-loop.ts';

export type RunningJobRecovery = RunningSweep;

/**
 * Job recovery beside `npm start` (the same code as the scheduled function in AWS): every
 * `everyMs` it finishes wide-posting jobs whose request died. Requests live in this process, so
 * a job started before it began (the stack was killed mid-job) is abandoned at once: after a
 * restart such a job is finished within the first sweep, a few seconds after `ready`.
 */
export function startJobRecovery(options: { everyMs?: number } = {}): RunningJobRecovery {
  const began = Date.now();
  return sweepLoop('job recovery', options.everyMs ?? 5000, async () => {
    const { finished } = await recoverJobs(postingBooks(postingPeriod), pendingJobs, new Date(Math.max(began, Date.now() - ABANDONED_AFTER_MS)));
    if (finished > 0) console.log(`jobs: finished ${finished} wide posting${finished === 1 ? '' : 's'} left unfinished`);
  });
}
