import type { ExportQueue } from '../../exports/jobs/store.ts';
import { newExportJobOps } from './export-job-store.ts';

/** Where an export job is accepted (exports/jobs/store.ts), apart from the reads: the creating handler bundles no S3 client. */
export const exportQueue: ExportQueue = { queuedChanges: newExportJobOps };
