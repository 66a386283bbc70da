import { config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { BulkRuns } from '../bulk-runs.ts';
import { exportConfig } from '../export-config.ts';

/** Seconds a refused export (one that waited for a slot already) is told to wait: most files take a few seconds, none more than a request's 29. */
const RETRY_AFTER_SECONDS = 5;

/** 429 `TooManyExports` with Retry-After: the company's export slots are all held. */
export class TooManyExports extends AppError {
  constructor(runs: number) {
    super(
      429,
      [{ name: 'generalErrors', reason: `The company has ${runs} exports under way, as many as it may write at once; retry after the pause given in Retry-After, or ask for the JSON, which is not limited.`, code: 'TooManyExports' }],
      { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    );
  }
}

/**
 * Writes an export file holding one of the company's export slots (exportConfig.exportRunsPerCompany):
 * a file reads a whole range at once, and a company's exporters piling up would starve its, and
 * the table's, other requests. A file waits up to exportConfig.exportSlotWaitMs for a slot, so a few
 * at once take turns. Errors: TooManyExports when every slot is still held.
 */
export function inExportRun<T>(bulk: BulkRuns, companyId: string, work: () => Promise<T>): Promise<T> {
  const runs = exportConfig.exportRunsPerCompany;
  return bulk.run(companyId, 'export', runs, config.bulkReadItemsPerSecond, () => new TooManyExports(runs), work, exportConfig.exportSlotWaitMs);
}
