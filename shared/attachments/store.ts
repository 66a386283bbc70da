import type { TaxJurisdiction } from '../companies/tax-registration.ts';
import type { AppError } from '../errors.ts';
import type { EventRecord } from '../events/event-record.ts';
import type { Change } from '../unit-of-work.ts';
import type { AttachmentRecord, JournalAttachment } from './records.ts';
import type { DeclaredFile, StoredObject } from './rules.ts';

/**
 * What the attachment use cases (attachments.ts) need of the places they are kept: the records
 * beside their journal, and the files in object storage. shared/db implements them.
 */

/** The documents bucket, as the use cases see it: where a file goes, and signed URLs to put and get it. */
export interface DocumentStorage {
  /** Where an attachment's file is kept: one key per company, journal and attachment. */
  objectKey(companyId: string, journalId: string, attachmentId: string): string;
  /** Where the file of an attachment uploaded to the company without a journal is kept (it stays there once attached). */
  companyObjectKey(companyId: string, attachmentId: string): string;
  /** A URL that takes exactly this file by PUT for `seconds`: its type, length and SHA-256 are signed, so storage refuses any other. */
  uploadUrl(objectKey: string, file: DeclaredFile, seconds: number): Promise<UploadUrl>;
  /** A URL that gets the file (at this version, where storage keeps versions) for `seconds`. */
  downloadUrl(objectKey: string, versionId: string | undefined, seconds: number): Promise<string>;
  /** What storage holds under the key (its SHA-256 read only up to `maxBytes`), or undefined while nothing is there. */
  storedObject(objectKey: string, maxBytes: number): Promise<StoredObject | undefined>;
  /** Locks the object (this version, where storage keeps versions) in COMPLIANCE mode until `until`: a later date lengthens a lock, an earlier one storage refuses. */
  lock(objectKey: string, versionId: string | undefined, until: Date): Promise<void>;
}

/** What an attachment's lock is computed from (retention.ts), besides the upload's time. */
export interface RetentionFacts {
  /** The company's settings as they hold its retention (companies/document-retention.ts, retentionYears). */
  settings: { taxJurisdiction: TaxJurisdiction | null; documentRetentionYears?: number | undefined };
  /** The journal's calendar date, and its posting date once posted. */
  journalDates: string[];
  /** The company's financial years' ranges. */
  financialYears: Array<{ startDate: string; endDate: string }>;
  /** The documents bucket's default retention in years. */
  bucketYears: number;
}

/** A signed PUT: the URL, and the headers it was signed with, which the upload must send as they are. */
export interface UploadUrl {
  url: string;
  headers: Record<string, string>;
}

/** What a list of a journal's attachments reads: the records only, never the bucket. */
export interface AttachmentListing {
  /** The journal's state (strongly consistent), or undefined when it does not exist. */
  journalStatus(companyId: string, journalId: string): Promise<string | undefined>;
  /** Every attachment of the journal (strongly consistent; a journal holds at most MAX_ATTACHMENTS_PER_JOURNAL). */
  list(companyId: string, journalId: string): Promise<AttachmentRecord[]>;
}

export interface AttachmentDeclaring extends Pick<AttachmentListing, 'journalStatus'> {
  storage: DocumentStorage;
  /**
   * The attachment new, counted among its journal's, which hold at most `limits.max` (else
   * `tooMany`), with the check at commit that the journal still exists (else `gone`) in another
   * state than `limits.refusedStatus` (else `refused`): two declarations at once cannot both take
   * the last place, nor one slip past a void.
   */
  declareChanges(record: JournalAttachment, limits: { max: number; refusedStatus: string }, errors: { tooMany: () => AppError; gone: () => AppError; refused: () => AppError }): Change[];
}

/** The declaration of a file uploaded to the company without a journal. */
export interface CompanyAttachmentDeclaring {
  storage: DocumentStorage;
  /** The attachment new, under its company. */
  declareChange(record: AttachmentRecord): Change;
}

export interface AttachmentChecking {
  /** One attachment (strongly consistent), or undefined: a journal's, or (journalId null) one uploaded to the company without a journal. */
  get(companyId: string, journalId: string | null, attachmentId: string): Promise<AttachmentRecord | undefined>;
  storage: DocumentStorage;
  /** What the lock of its file is computed from, read when the file is found as declared (null: uploaded without a journal). */
  retentionFacts(companyId: string, journalId: string | null): Promise<RetentionFacts>;
  /** The attachment checked (available or rejected) at the version read. Errors at commit: VersionConflict. */
  checkedChange(before: AttachmentRecord, after: AttachmentRecord): Change;
  /** The event of the check, in its transaction (the outbox). */
  eventChange(event: EventRecord): Change;
}

export interface AttachmentRemoving {
  /** One attachment (strongly consistent), or undefined. */
  get(companyId: string, journalId: string, attachmentId: string): Promise<AttachmentRecord | undefined>;
  /**
   * The attachment removed, at the version read (else VersionConflict), with the check at commit
   * that its journal still exists (else `gone`) in one of `limits.removableIn` (else `locked`,
   * given the journal's state): a post cannot slip between the read and the write.
   */
  removeChanges(before: JournalAttachment, after: JournalAttachment, limits: { removableIn: readonly string[] }, errors: { locked: (journalStatus: string) => AppError; gone: () => AppError }): Change[];
}
