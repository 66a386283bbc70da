import type { AppError } from './errors.ts';

/**
 * Runs a bulk request's work (a Verify page, an export file) holding one of the company's
 * `slots` of its kind, its reads held to `readsPerSecond` (the caller's budget); with every slot held it tries
 * again for up to `waitMs`, then throws `refused()` (exports/export-runs.ts, audit/verify-runs.ts).
 * shared/db implements it (db/table/run-slots.ts); the request hands it in.
 */
export interface BulkRuns {
  run<T>(companyId: string, kind: 'verify' | 'export', slots: number, readsPerSecond: number, refused: () => AppError, work: () => Promise<T>, waitMs?: number): Promise<T>;
}
