import { randomUUID } from 'node:crypto';
import { retentionYears } from '../companies/document-retention.ts';
import { NotFound, StateConflict, ValidationError, VersionConflict } from '../errors.ts';
import { writtenRecordEvent } from '../events/event-record.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import type { AttachmentRecord } from './records.ts';
import { attachmentRetainUntil } from './retention.ts';
import { acceptedDeclaration, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_JOURNAL, NO_NEW_ATTACHMENTS_STATUS, storedObjectVerdict, takesAttachments, type StoredObject } from './rules.ts';
import type { DeclareAttachmentInput } from './schemas.ts';
import type { AttachmentChecking, AttachmentDeclaring, AttachmentListing, CompanyAttachmentDeclaring, DocumentStorage } from './store.ts';
import { attachmentView, type AttachmentView } from './view.ts';

/**
 * A journal's source documents (docs/decisions.md, "Source documents"). A file is declared
 * first (name, type, size, SHA-256): the record is written pending, and the answer carries a
 * short-lived URL that takes exactly that file. The client uploads straight to storage; the
 * service never carries the bytes. A read that finds a pending attachment's object in storage
 * checks it against the declaration, and marks it available (with AttachmentAdded) or rejected.
 */

/** How long an upload URL works: time to send 25 MB on a slow line, short enough that a leaked one soon dies. */
const UPLOAD_SECONDS = 15 * 60;
/** How long a download URL works. */
const DOWNLOAD_SECONDS = 5 * 60;

type ExpiringUrl = { url: string; expiresAt: string };
const expiring = (url: string, seconds: number, now = Date.now()): ExpiringUrl => ({ url, expiresAt: new Date(now + seconds * 1000).toISOString() });

/** The declared attachment, with how to upload its file. */
export type DeclaredAttachmentView = AttachmentView & { upload: ExpiringUrl & { method: 'PUT'; headers: Record<string, string> } };
/** An attachment read, with a URL that gets its file once it is available. */
export type ReadAttachmentView = AttachmentView & { download: ExpiringUrl | null };

const journalNotFound = () => new NotFound('The journal');
const voidedJournal = () => new StateConflict('InvalidState', 'A voided journal keeps its attachments but takes no new ones: attach the document to the journal that replaces it.');

/**
 * Declares a file of a journal (a draft or a journal in any state but voided) and answers how
 * to upload it. Errors: ValidationError (UnsupportedContentType naming contentType,
 * AttachmentTooLarge naming size), NotFound, StateConflict (InvalidState, TooManyAttachments).
 */
export async function declareAttachment(attachments: AttachmentDeclaring, uow: UnitOfWork, companyId: string, journalId: string, input: DeclareAttachmentInput): Promise<DeclaredAttachmentView> {
  const file = acceptedFile(input);
  const status = await attachments.journalStatus(companyId, journalId);
  if (status === undefined) throw journalNotFound();
  if (!takesAttachments(status)) throw voidedJournal();

  const record = { ...pendingRecord(attachments.storage, uow, companyId, journalId, file), journalId };
  const tooMany = () => new StateConflict('TooManyAttachments', `The journal holds ${MAX_ATTACHMENTS_PER_JOURNAL} attachments, as many as a journal holds (rejected and never uploaded ones count too).`);
  return declared(attachments.storage, uow, record, attachments.declareChanges(record, { max: MAX_ATTACHMENTS_PER_JOURNAL, refusedStatus: NO_NEW_ATTACHMENTS_STATUS }, { tooMany, gone: journalNotFound, refused: voidedJournal }));
}

/**
 * Declares a file of the company that no journal holds yet (an invoice uploaded before its
 * journal is imported), and answers how to upload it: checked as a journal's file is, then a
 * journals import may name it (its `attachmentIds`), which puts it on the journal it writes.
 * Errors: ValidationError (UnsupportedContentType naming contentType, AttachmentTooLarge naming size).
 */
export async function declareCompanyAttachment(attachments: CompanyAttachmentDeclaring, uow: UnitOfWork, companyId: string, input: DeclareAttachmentInput): Promise<DeclaredAttachmentView> {
  const record = pendingRecord(attachments.storage, uow, companyId, null, acceptedFile(input));
  return declared(attachments.storage, uow, record, [attachments.declareChange(record)]);
}

/** The declared file, its type one a journal takes. Errors: ValidationError naming contentType or size. */
function acceptedFile(input: DeclareAttachmentInput) {
  const accepted = acceptedDeclaration(input);
  if ('problem' in accepted) throw ValidationError.field(accepted.problem.field, accepted.problem.reason, accepted.problem.code);
  return accepted.file;
}

/** A new attachment of the file, pending (null journal: uploaded to the company without one). */
function pendingRecord(storage: DocumentStorage, uow: UnitOfWork, companyId: string, journalId: string | null, file: ReturnType<typeof acceptedFile>): AttachmentRecord {
  const id = randomUUID();
  return {
    companyId,
    journalId,
    id,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256,
    objectKey: journalId === null ? storage.companyObjectKey(companyId, id) : storage.objectKey(companyId, journalId, id),
    status: 'pending',
    version: 1,
    createdAt: new Date().toISOString(),
    createdBy: uow.actor,
  };
}

/** The declaration written, answered with its upload URL; its event records the attachment as a read shows it, never the URL. */
async function declared(storage: DocumentStorage, uow: UnitOfWork, record: AttachmentRecord, changes: Change[]): Promise<DeclaredAttachmentView> {
  const upload = await storage.uploadUrl(record.objectKey, record, UPLOAD_SECONDS);
  const view = attachmentView(record);
  return uow.commit(changes, { ...view, upload: { ...expiring(upload.url, UPLOAD_SECONDS, Date.parse(record.createdAt)), method: 'PUT', headers: upload.headers } }, { described: view });
}

/** The journal's attachments, oldest first. Errors: NotFound. */
export async function listAttachments(attachments: AttachmentListing, companyId: string, journalId: string): Promise<{ results: AttachmentView[] }> {
  const [status, records] = await Promise.all([attachments.journalStatus(companyId, journalId), attachments.list(companyId, journalId)]);
  if (status === undefined) throw journalNotFound();
  const ordered = [...records].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { results: ordered.map(attachmentView) };
}

/**
 * An attachment, with a download URL once it is available. A pending one whose file is now in
 * storage is checked first: marked available, or rejected when the file is not the one declared.
 * Errors: NotFound.
 */
export async function readAttachment(attachments: AttachmentChecking, uow: UnitOfWork, companyId: string, journalId: string | null, attachmentId: string): Promise<ReadAttachmentView> {
  const read = async () => (await attachments.get(companyId, journalId, attachmentId)) ?? NotFound.throw('The attachment');
  let record = await read();
  if (record.status === 'pending') record = (await checkPendingAttachment(attachments, uow, record)) ?? (await read());
  const download = record.status === 'available' ? expiring(await attachments.storage.downloadUrl(record.objectKey, record.versionId, DOWNLOAD_SECONDS), DOWNLOAD_SECONDS) : null;
  return { ...attachmentView(record), download };
}

/**
 * A file uploaded to the company without a journal, read as a journal's is (checked first while
 * pending, a download once available); once an import attached it, as its journal holds it.
 * Errors: NotFound.
 */
export async function readCompanyAttachment(attachments: AttachmentChecking, uow: UnitOfWork, companyId: string, attachmentId: string): Promise<ReadAttachmentView> {
  const record = (await attachments.get(companyId, null, attachmentId)) ?? NotFound.throw('The attachment');
  return readAttachment(attachments, uow, companyId, record.attachedTo ?? null, attachmentId);
}

/**
 * Checks a pending attachment against what storage holds under its key, as a read, the bucket's
 * notification of the upload (arrival.ts) or the sweep of pending ones do: still pending while
 * nothing is there, else available or rejected, with its event, written at the version read.
 * Undefined when another check wrote first (its outcome stands): however many check it at once,
 * one event.
 */
export async function checkPendingAttachment(attachments: AttachmentChecking, uow: UnitOfWork, record: AttachmentRecord): Promise<AttachmentRecord | undefined> {
  return checked(attachments, uow, record).catch((error: unknown) => {
    if (error instanceof VersionConflict) return undefined;
    throw error;
  });
}

/** The pending attachment as its file in storage makes it: still pending while nothing is there, else available or rejected, with its event. */
async function checked(attachments: AttachmentChecking, uow: UnitOfWork, before: AttachmentRecord): Promise<AttachmentRecord> {
  const stored = await attachments.storage.storedObject(before.objectKey, MAX_ATTACHMENT_BYTES);
  if (!stored) return before;
  const verdict = storedObjectVerdict(before, stored);
  const checkedAt = new Date().toISOString();
  const after: AttachmentRecord =
    verdict.status === 'available'
      ? { ...before, status: 'available', versionId: stored.versionId, checkedAt, retainUntil: (await locked(attachments, before, stored)).toISOString(), version: before.version + 1 }
      : { ...before, status: 'rejected', rejection: verdict.reason, checkedAt, version: before.version + 1 };
  // In the name of whoever declared it: the upload was theirs, whoever's read noticed it.
  const event = writtenRecordEvent(after.status === 'available' ? 'AttachmentAdded' : 'AttachmentRejected', before.companyId, before.createdBy, attachmentView(after), new Date(checkedAt));
  return uow.commit([attachments.checkedChange(before, after), attachments.eventChange(event)], after);
}

/**
 * Locks the file found as declared for the company's retention (retention.ts) before the
 * attachment is recorded available: a check that dies between the two leaves it pending with its
 * file locked, and the next check locks it again to the same date (or a later one, if the
 * company's years were raised meanwhile). The date is the record's `retainUntil`.
 */
async function locked(attachments: AttachmentChecking, record: AttachmentRecord, stored: StoredObject): Promise<Date> {
  const facts = await attachments.retentionFacts(record.companyId, record.journalId);
  const until = attachmentRetainUntil({ years: retentionYears(facts.settings), journalDates: facts.journalDates, financialYears: facts.financialYears, uploadedAt: stored.lastModified, bucketYears: facts.bucketYears });
  await attachments.storage.lock(record.objectKey, stored.versionId, until);
  return until;
}
