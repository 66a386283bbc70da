import { ATTACHMENT_CONTENT_TYPES, type AttachmentContentType } from '../schemas/attachment-values.ts';

/**
 * Source document rules (pure): which files a journal takes, how many, and whether the file
 * storage holds is the one declared. docs/decisions.md, "Source documents".
 */
export { ATTACHMENT_CONTENT_TYPES, ATTACHMENT_STATUSES, type AttachmentContentType, type AttachmentStatus } from '../schemas/attachment-values.ts';

/** 25 MB (MiB): a scanned voucher of many pages, far below what a presigned PUT takes (5 GB). */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** Attachments a journal holds at most, rejected and never-uploaded ones included. */
export const MAX_ATTACHMENTS_PER_JOURNAL = 25;

/** The journal state that takes no new attachments: voided (a voided journal keeps the ones it has). Drafts and posted journals take them. */
export const NO_NEW_ATTACHMENTS_STATUS = 'voided';
export const takesAttachments = (journalStatus: string) => journalStatus !== NO_NEW_ATTACHMENTS_STATUS;

/**
 * The journal states in which an attachment may be removed: unposted ones, whose documents are
 * still being gathered. Once a journal posts, its documents are the evidence of its entries:
 * posted, reversed and voided journals (and one posting or unposting) keep every attachment.
 */
export const REMOVABLE_IN = ['draft', 'submitted', 'approved'] as const;
export const removableIn = (journalStatus: string) => (REMOVABLE_IN as readonly string[]).includes(journalStatus);

export const isAttachmentContentType = (type: string): type is AttachmentContentType => (ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(type);

/** Why a declared file is refused (naming its field), or the file, its type one a journal takes. */
export function acceptedDeclaration<T extends { contentType: string; size: number }>(file: T): { file: T & { contentType: AttachmentContentType } } | { problem: { field: 'contentType' | 'size'; reason: string; code: 'UnsupportedContentType' | 'AttachmentTooLarge' } } {
  const { contentType } = file;
  if (!isAttachmentContentType(contentType)) {
    return { problem: { field: 'contentType', reason: `is not a type of file a journal takes: ${ATTACHMENT_CONTENT_TYPES.join(', ')}`, code: 'UnsupportedContentType' } };
  }
  if (file.size > MAX_ATTACHMENT_BYTES) return { problem: { field: 'size', reason: `is ${file.size} bytes; an attachment is at most ${MAX_ATTACHMENT_BYTES} (25 MB)`, code: 'AttachmentTooLarge' } };
  return { file: { ...file, contentType } };
}

/** A file as declared: what storage must hold for the attachment to become available. */
export interface DeclaredFile {
  contentType: string;
  size: number;
  /** Lower-case hex. */
  sha256: string;
}

/** What storage holds under an attachment's key, as its adapter read it. */
export interface StoredObject {
  size: number;
  contentType: string | undefined;
  /** Lower-case hex; undefined when the object is larger than the adapter reads (then its size already refuses it). */
  sha256: string | undefined;
  /** The object's version, where storage keeps versions. */
  versionId: string | undefined;
  /** When storage made it (to the second): the bucket's default lock counts from then. */
  lastModified: Date;
}

/** Whether the stored object is the declared file: available, or rejected with why. */
export function storedObjectVerdict(declared: DeclaredFile, stored: StoredObject): { status: 'available' } | { status: 'rejected'; reason: string } {
  if (stored.size !== declared.size) return { status: 'rejected', reason: `the file stored is ${stored.size} bytes, not the ${declared.size} declared` };
  if ((stored.contentType ?? '').toLowerCase() !== declared.contentType) return { status: 'rejected', reason: `the file stored is of type ${stored.contentType ?? '(none)'}, not ${declared.contentType} as declared` };
  if (stored.sha256 !== declared.sha256) return { status: 'rejected', reason: 'the SHA-256 of the file stored is not the one declared' };
  return { status: 'available' };
}
