/**
 * How attachments' files are locked in the documents bucket, read from the environment as
 * shared/config.ts reads the rest: here, beside the code that locks, because config.ts is in every
 * function's bundle and only the functions that check uploads or import journals lock files.
 */
export const lockSettings = {
  /**
   * The documents bucket's default retention in years (infra/documents-bucket.ts; the stack sets
   * DOCUMENTS_RETENTION_YEARS from `-c documentRetentionYears`): an attachment's own lock is never
   * set below it.
   */
  get bucketYears(): number {
    const years = Number(process.env.DOCUMENTS_RETENTION_YEARS);
    return Number.isSafeInteger(years) && years > 0 ? years : 6;
  },
  /**
   * OBJECT_STORAGE_WITHOUT_LOCK=1, set locally only: the local object storage (s3rver) has no
   * Object Lock and answers a retention request 405 or 501, which is then let pass (the attachment
   * still records its retain-until date). Unset in AWS, where any refusal of a lock is an error.
   */
  get withoutLock(): boolean {
    return process.env.OBJECT_STORAGE_WITHOUT_LOCK === '1';
  },
};
