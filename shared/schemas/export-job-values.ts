/**
 * The values an export job's fields take (exports/jobs/records.ts), here among the base modules
 * so the response schemas (responses.ts) name them without reaching up into the domain.
 */
export const EXPORT_JOB_FORMATS = ['csv', 'xlsx', 'xml'] as const;
export const EXPORT_JOB_STATUSES = ['queued', 'running', 'available', 'failed'] as const;
