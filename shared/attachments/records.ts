import type { ActorRef } from '../auth/actor.ts';
import type { AttachmentContentType, AttachmentStatus } from './rules.ts';

/**
 * A source document of a journal: the file's record, its bytes an object in the documents
 * bucket. It keeps what a later check of the object needs (Verify, retention): the object's key
 * and version, and the file's size, type and SHA-256 as declared.
 */
export interface AttachmentRecord {
  companyId: string;
  /** Its journal; null for a file uploaded to the company without one, which a journals import may attach (attachments/attach.ts). */
  journalId: string | null;
  id: string;
  fileName: string;
  contentType: AttachmentContentType;
  size: number;
  /** Lower-case hex, as declared; storage holds the same bytes once the attachment is available. */
  sha256: string;
  /** Where the file is kept in the documents bucket. */
  objectKey: string;
  status: AttachmentStatus;
  /** The object's version once available, where storage keeps versions (S3 does; the local server does not). */
  versionId?: string | undefined;
  /** Why a rejected attachment was refused. */
  rejection?: string | undefined;
  /** When the file was found in storage, and checked. */
  checkedAt?: string | undefined;
  /** Until when its file is locked (COMPLIANCE), set as it became available (retention.ts). */
  retainUntil?: string | undefined;
  /** On a file uploaded without a journal, once an import attached it: the journal, where its record now is. */
  attachedTo?: string | undefined;
  version: number;
  createdAt: string;
  createdBy: ActorRef;
}

/** A journal's attachment: on a journal from its declaration, or attached by an import. */
export type JournalAttachment = AttachmentRecord & { journalId: string };
