import type { CompanyAccess } from '../../auth/store.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import type { Change } from '../../unit-of-work.ts';
import type { FileOutput } from '../render.ts';
import type { PartSender } from '../part-sink.ts';
import type { ExportedFile, ExportJob } from './records.ts';

/**
 * What the export job use cases need of the place jobs and files are kept, in their own words,
 * one port per need; shared/db implements them (db/stores/export-job-ports.ts).
 */

/** A job accepted. */
export interface ExportQueue {
  /** The queued job written, and its place among the unfinished ones. */
  queuedChanges(companyId: string, job: ExportJob): Change[];
}

/** Jobs as the reading handlers answer them, with a link to an available file. */
export interface ExportReads {
  job(companyId: string, exportId: string): Promise<ExportJob | undefined>;
  /** The jobs `createdBy` asked for in the company, newest first unless orderAsc. Errors: ValidationError (InvalidCursor). */
  jobs(companyId: string, createdBy: NonNullable<ExportJob['createdBy']>, query: ListQuery): Promise<Page<ExportJob>>;
  /** A GET of the file that works for `seconds`, saving it under its name. */
  downloadUrl(file: ExportedFile, seconds: number): Promise<string>;
}

/** Where a run writes the job's file: a FileOutput that can also be given up, and tells what it wrote. */
export interface JobOutput extends FileOutput {
  /** The file as stored, once closed. */
  readonly written: ExportedFile | undefined;
  /** An unfinished file given up (a refused or failed run): nothing of it stays. */
  abort(): Promise<void>;
}

/** What the export worker needs of the place jobs and files are kept. A change conditional on the claim fails with ClaimLost (errors.ts). */
export interface ExportWork {
  /** Jobs not yet ended, oldest first, of one company or all. */
  unfinishedJobs(companyId?: string): Promise<Array<{ companyId: string; jobId: string }>>;
  /** The job held by `owner` until `until`; undefined when another worker holds it or it ended. */
  claim(companyId: string, exportId: string, owner: string, now: Date, until: Date): Promise<ExportJob | undefined>;
  /** The claim held on until `until`. Errors: ClaimLost. */
  renew(companyId: string, exportId: string, owner: string, until: Date): Promise<void>;
  /** The claim given up before it runs out. */
  release(companyId: string, exportId: string, owner: string): Promise<void>;
  /** A failed run counted on the job, the claim kept until `retryAt`. */
  recordFault(companyId: string, exportId: string, owner: string, faults: NonNullable<ExportJob['faults']>, retryAt: Date): Promise<void>;
  /** The job ended: its file available, or failed with the reason; it leaves the unfinished ones, and is kept until `keptUntil`. Errors: ClaimLost. */
  finish(companyId: string, job: ExportJob, owner: string, end: { file: ExportedFile } | { failure: { reason: string; code: string } }, keptUntil: Date): Promise<void>;
  /** Where this job's file is sent, in parts (one object per job: a run after a crash overwrites it). */
  fileParts(companyId: string, exportId: string, contentType: string): PartSender & { readonly objectKey: string };
  /** `work` with its reads held to the export jobs' read budget (exportConfig.exportJobReadItemsPerSecond). */
  paced<T>(work: () => Promise<T>): Promise<T>;
  /** What the job's creator holds in the company now. */
  readonly access: CompanyAccess;
}
