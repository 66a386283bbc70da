import type { ExportReads } from '../../exports/jobs/store.ts';
import { exportDownloadUrl } from '../documents/export-files.ts';
import { exportJobsPage, getExportJob } from './export-job-store.ts';

/** The export jobs' reads (exports/jobs/store.ts), with the links to their files: only the reading handlers bundle the S3 client (a lazy chunk). */
export const exportReads: ExportReads = { job: getExportJob, jobs: exportJobsPage, downloadUrl: exportDownloadUrl };
