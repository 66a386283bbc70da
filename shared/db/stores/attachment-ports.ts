import type { AttachmentListing, AttachmentRemoving } from '../../attachments/store.ts';
import { getAttachment, journalAttachments, journalStatus, removeAttachmentOps } from './attachment-store.ts';

/** The list of a journal's attachments (attachments/store.ts): the records only, so its function never bundles the S3 client (attachment-file-ports.ts). */
export const attachmentListing: AttachmentListing = { journalStatus, list: journalAttachments };

/** The removal of an attachment: its record only; the file stays in the bucket. */
export const attachmentRemoving: AttachmentRemoving = { get: getAttachment, removeChanges: removeAttachmentOps };
