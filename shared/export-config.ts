import { env, nonNegativeInteger, positiveInteger } from './config.ts';

/**
 * The exports' settings, read from the environment as shared/config.ts reads the rest: apart, so
 * the handlers that write no export file do not carry them (each handler's bundle is held to
 * 300 KB).
 */
export const exportConfig = {
  /** Lines an export job's file may hold, below the built-in cap (shared/exports/limits.ts); unset: the cap. */
  get exportJobMaxLines() {
    return positiveInteger(env('EXPORT_JOB_MAX_LINES'));
  },
  /**
   * Items a second an export job's worker may read from the table (exports/jobs/run-export.ts):
   * below a request's budget (bulkReadItemsPerSecond), as a job has minutes where a request has
   * 29 s; 0 does not hold them. The default is measured by bench/heavy-readers.ts
   * (docs/decisions.md, Reports, "Export jobs").
   */
  get exportJobReadItemsPerSecond() {
    return nonNegativeInteger(env('EXPORT_JOB_READ_ITEMS_PER_SECOND')) ?? 750;
  },
  /** The bucket export jobs write their files to (the stack names it; locally the local object storage's). */
  get exportsBucket() {
    return env('EXPORTS_BUCKET') ?? 'ledger-exports';
  },
  /** Lines an export may hold, below the built-in cap (shared/exports/limits.ts); unset: the cap. */
  get exportMaxLines() {
    return positiveInteger(env('EXPORT_MAX_LINES'));
  },
  /** Bytes an export file may hold, below the built-in cap; unset: the cap. */
  get exportMaxBytes() {
    return positiveInteger(env('EXPORT_MAX_BYTES'));
  },
  /** Export files a company may have under way at once (exports/export-runs.ts); one more is 429. */
  get exportRunsPerCompany() {
    return positiveInteger(env('EXPORT_RUNS_PER_COMPANY')) ?? 2;
  },
  /** How long an export file waits for one of the company's slots before its 429 (exports/export-runs.ts): short of the 29 s a request has, leaving the file its time. */
  get exportSlotWaitMs() {
    return nonNegativeInteger(env('EXPORT_SLOT_WAIT_MS')) ?? 10_000;
  },
};
