import type { ExportedFile } from '../../exports/jobs/records.ts';

/**
 * The exports bucket as the reading handlers use it: the object key of a job's file, and the
 * URL that downloads it. The S3 client loads with a request's first link to sign (s3-exports.ts),
 * so a function answering only queued jobs never loads it.
 */
export const exportObjectKey = (companyId: string, exportId: string) => `companies/${companyId}/exports/${exportId}`;

export const exportDownloadUrl = async (file: ExportedFile, seconds: number): Promise<string> => (await import('./s3-exports.ts')).presignedExportGet(file, seconds);
