/**
 * The values an attachment's enumerated fields take (attachments/rules.ts holds its rules):
 * here, among the schemas, so the response schemas name them without importing the domain.
 */

/** The types of file a journal takes: scans and PDFs of vouchers, e-invoices (XML), and spreadsheets. */
export const ATTACHMENT_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/tiff',
  'application/xml',
  'text/xml',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

/**
 *   pending ──the file is in storage, as declared──> available
 *      └─────the file differs (size, type, SHA-256)──> rejected
 *   any of them ──removed while the journal is unposted──> removed (the record and the object stay)
 */
export const ATTACHMENT_STATUSES = ['pending', 'available', 'rejected', 'removed'] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

