import { AppError } from '../errors.ts';
import { addDays } from '../financial-years/dates.ts';
import { operationNamed, WAY_OUT_CREATE_EXPORT } from '../schemas/api-paths.ts';
import { exportConfig } from '../export-config.ts';

/**
 * How large an export may be. A Lambda answers through API Gateway with at most 6 MB
 * (6,291,456 bytes, headers and envelope included), and a file travels base64-encoded (4 bytes
 * for 3): a file of at most 4 MiB (5.6 MB encoded) fits with room to spare. Lines are capped as
 * well, so a request stops reading well within API Gateway's 30-second timeout even where a
 * spreadsheet compresses far below the byte cap. Both can be lowered (EXPORT_MAX_LINES,
 * EXPORT_MAX_BYTES), never raised past these.
 */
export const MAX_EXPORT_LINES = 50_000;
export const MAX_EXPORT_BYTES = 4 * 1024 * 1024;

/**
 * How large an export job's file may be (docs/decisions.md, Reports, "Export jobs"): 500,000
 * lines, what the worker reads of a general ledger (about an item a line) within the 12 minutes
 * it gives a job at the job's read budget (750 items a second), and well within XLSX's 1,048,576
 * rows a sheet; and 1 GiB, more than those lines take in either format (about 50 MB as CSV).
 * EXPORT_JOB_MAX_LINES lowers the line cap (the tests do), never raises it.
 */
export const MAX_EXPORT_JOB_LINES = 500_000;
export const MAX_EXPORT_JOB_BYTES = 1024 * 1024 * 1024;

export interface ExportLimits {
  lines: number;
  bytes: number;
  /** The company whose export job a 413 names as the way to the whole range (the API's limits); absent for a job's own. */
  jobsOf?: string | undefined;
}

/** The limits the API answers within; a 413 names `POST .../Exports` of `companyId` for the whole range. */
export function apiExportLimits(companyId?: string): ExportLimits {
  return { lines: Math.min(exportConfig.exportMaxLines ?? MAX_EXPORT_LINES, MAX_EXPORT_LINES), bytes: Math.min(exportConfig.exportMaxBytes ?? MAX_EXPORT_BYTES, MAX_EXPORT_BYTES), jobsOf: companyId };
}

/** The limits an export job's file is written within. */
export function jobExportLimits(): ExportLimits {
  return { lines: Math.min(exportConfig.exportJobMaxLines ?? MAX_EXPORT_JOB_LINES, MAX_EXPORT_JOB_LINES), bytes: MAX_EXPORT_JOB_BYTES };
}

/**
 * 413: the export holds more than the limits. `firstLeftOut` is the posting date of the first
 * line that did not fit: a range ending the day before it is narrower and fits (for CSV
 * exactly; for XLSX, whose compressed size is known only as it is written, within a few rows).
 * When even the range's first day is too much, the answer says to narrow the request otherwise.
 * Past the API's limits, the reason also names the export job that writes the whole range.
 */
export class ExportTooLarge extends AppError {
  constructor(limits: ExportLimits, firstLeftOut: string | undefined, dateFrom: string | undefined) {
    const limit = `an export holds at most ${limits.lines.toLocaleString('en')} lines and ${limits.bytes.toLocaleString('en')} bytes`;
    const fits = firstLeftOut && (!dateFrom || firstLeftOut > dateFrom);
    const job = limits.jobsOf ? `; or have the whole range written as a file to download: ${operationNamed(WAY_OUT_CREATE_EXPORT(), { companyId: limits.jobsOf })}, up to ${MAX_EXPORT_JOB_LINES.toLocaleString('en')} lines` : '';
    super(413, [
      fits
        ? { name: 'dateTo', reason: `${limit}; ask for a narrower range: dateTo ${addDays(firstLeftOut, -1)} or earlier${job}`, code: 'ExportTooLarge' }
        : { name: 'dateTo', reason: `${limit}, and the first day of the range alone holds more: narrow the request (a sub-account, a cost center or a status)${job}`, code: 'ExportTooLarge' },
    ]);
  }
}
