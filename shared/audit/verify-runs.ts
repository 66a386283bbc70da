import { config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { BulkRuns } from '../bulk-runs.ts';

/** 429 `TooManyVerifyRuns` with Retry-After: the company's Verify slots are all held. */
export class TooManyVerifyRuns extends AppError {
  constructor(runs: number, retryAfterSeconds: number) {
    super(
      429,
      [{ name: 'generalErrors', reason: `The company has ${runs} Verify requests under way, as many as it may run at once; retry after the pause given in Retry-After.`, code: 'TooManyVerifyRuns' }],
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/**
 * Runs `work` holding one of the company's Verify slots (config.verifyRunsPerCompany), so
 * read-only principals cannot pile up runs that starve the company's, and the table's, other
 * requests. Errors: TooManyVerifyRuns when every slot is held.
 */
export function inVerifyRun<T>(bulk: BulkRuns, companyId: string, work: () => Promise<T>): Promise<T> {
  const runs = config.verifyRunsPerCompany;
  // A run holds its slot for at most a page's walk and its checks.
  return bulk.run(companyId, 'verify', runs, config.verifyReadItemsPerSecond, () => new TooManyVerifyRuns(runs, Math.ceil(config.verifyPageMs / 1000) + 2), work);
}
