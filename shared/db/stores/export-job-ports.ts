import type { ExportQueue, ExportReads } from '../../exports/jobs/store.ts';
import { exportDownloadUrl } from '../documents/export-files.ts';
import { exportJobsPage, getExportJob, newExportJobOps } from './export-job-store.ts';

/** The export jobs' ports for the request handlers (exports/jobs/store.ts), one per need; the worker's is export-work.ts. */
export const exportQueue: ExportQueue = { queuedChanges: newExportJobOps };

export const exportReads: ExportReads = { job: getExportJob, jobs: exportJobsPage, downloadUrl: exportDownloadUrl };
