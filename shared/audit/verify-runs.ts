import { config } from '../config.ts';
import { releaseVerifyRun, takeVerifyRun } from '../db/stores/verify-run-store.ts';
import { AppError } from '../errors.ts';

/** A slot outlives the longest request (29 s), so a live run never loses it; a crashed one frees it within this. */
const LEASE_MS = 60_000;

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
export async function inVerifyRun<T>(companyId: string, work: () => Promise<T>): Promise<T> {
  const runs = config.verifyRunsPerCompany;
  const run = await takeVerifyRun(companyId, runs, LEASE_MS);
  // A run holds its slot for at most a page's walk and its checks.
  if (!run) throw new TooManyVerifyRuns(runs, Math.ceil(config.verifyPageMs / 1000) + 2);
  try {
    return await work();
  } finally {
    // A slot not freed (the table away) frees itself when its lease runs out.
    await releaseVerifyRun(companyId, run).catch(() => undefined);
  }
}
