import type { AttachmentListing } from '../../attachments/store.ts';
import { journalAttachments, journalStatus } from './attachment-store.ts';

/** The list of a journal's attachments (attachments/store.ts): the records only, so its function never bundles the S3 client (attachment-file-ports.ts). */
export const attachmentListing: AttachmentListing = { journalStatus, list: journalAttachments };
