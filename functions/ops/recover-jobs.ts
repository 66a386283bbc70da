import { postingBooks } from '../../shared/db/ledger/books-store.ts';
import { postingPeriod } from '../../shared/financial-years/posting-rules.ts';
import { pendingJobs } from '../../shared/db/stores/pending-jobs.ts';
import { ABANDONED_AFTER_MS, recoverJobs } from '../../shared/journals/recover-jobs.ts';

/**
 * Finishes wide-posting jobs whose request died (shared/journals/recover-jobs.ts). Runs every
 * minute on a schedule, so a job is finished within 90 s of the request that started it.
 */
export async function handler(): Promise<{ finished: number; failed: number }> {
  return recoverJobs(postingBooks(postingPeriod), pendingJobs, new Date(Date.now() - ABANDONED_AFTER_MS));
}
