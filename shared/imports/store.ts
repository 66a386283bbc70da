import type { ListQuery, Page, PageQuery } from '../schemas/list-query.ts';
import type { Change } from '../unit-of-work.ts';
import type { ImportJob, RowError } from './records.ts';

/**
 * What the import use cases need of the place jobs are kept, in their own words, one port per
 * need so a handler carries only what it uses; shared/db implements them
 * (db/stores/import-ports.ts).
 */

/** A job and its report, as the reading handlers answer them. */
export interface ImportReads {
  job(companyId: string, importId: string): Promise<ImportJob | undefined>;
  /** The company's jobs, newest first unless orderAsc. Errors: ValidationError (InvalidCursor). */
  jobs(companyId: string, query: ListQuery): Promise<Page<ImportJob>>;
  /** The job's row errors in the order found. Errors: ValidationError (InvalidCursor). */
  errors(companyId: string, importId: string, query: PageQuery): Promise<Page<RowError>>;
}

/** A file accepted: kept (compressed, in pieces a record can hold) until a worker runs its job. */
export interface ImportQueue {
  /** The file as it is stored: its compressed pieces. */
  storedPieces(text: string): Buffer[];
  /** The file's pieces kept, before the job that names them is written. */
  keepFile(companyId: string, importId: string, pieces: Buffer[], now: Date): Promise<void>;
  /** The queued job written. */
  queuedChanges(companyId: string, job: ImportJob): Change[];
  /** Whether the company has this financial year (an import names the one its journals or budget go in). */
  hasYear(companyId: string, yearId: string): Promise<boolean>;
}
