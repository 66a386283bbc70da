import type { UnitOfWork } from '../unit-of-work.ts';
import { checkPendingAttachment } from './attachments.ts';
import type { AttachmentRecord } from './records.ts';
import type { AttachmentChecking, DocumentStorage } from './store.ts';

/**
 * Uploads checked as they land, without waiting for a read (docs/decisions.md, "Source
 * documents"): the documents bucket tells of each object created (an S3 notification in AWS,
 * s3rver's event locally) and the attachment it belongs to is checked as a read would check it
 * (attachments.ts, checkPendingAttachment). What a notification misses (the function was down,
 * the check died before its write) the sweep of pending attachments catches.
 */
export interface AttachmentArrivals extends AttachmentChecking {
  storage: DocumentStorage & {
    /** The attachment an object key names, or undefined for any other key. */
    attachmentOf(objectKey: string): { companyId: string; journalId: string | null; attachmentId: string } | undefined;
  };
  /** A unit of work outside any request: the check's own changes and event only. */
  unitOfWork(): UnitOfWork;
  /** Pending attachments declared before `before`, oldest first, at most `limit` (the sweep's). */
  pendingBefore(before: Date, limit: number): Promise<AttachmentRecord[]>;
  /** The attachment no longer watched by the sweep (it stays pending: a read still checks it). */
  stopWatching(record: AttachmentRecord): Promise<void>;
}

export type ArrivalOutcome = 'available' | 'rejected' | 'pending' | 'checked already' | 'not an attachment';

/** Checks the attachment whose object was created under `objectKey`: once, however many notifications and reads come at once. */
export async function objectArrived(arrivals: AttachmentArrivals, objectKey: string): Promise<ArrivalOutcome> {
  const named = arrivals.storage.attachmentOf(objectKey);
  if (!named) return 'not an attachment';
  const record = await arrivals.get(named.companyId, named.journalId, named.attachmentId);
  if (!record) return 'not an attachment';
  if (record.status !== 'pending') return 'checked already';
  const after = await checkPendingAttachment(arrivals, arrivals.unitOfWork(), record);
  return after ? (after.status as ArrivalOutcome) : 'checked already';
}

/** How long after its declaration a pending attachment is still watched: the upload URL's 15 minutes, and time for the upload it let start to end. */
export const WATCHED_FOR_MS = 60 * 60 * 1000;
/** Pending attachments a sweep takes at most. */
const SWEEP_LIMIT = 100;

/**
 * Checks the attachments still pending that were declared before `before` (the notification
 * had its time), whose object may have arrived unnoticed; one whose upload URL has long expired
 * with nothing in storage is watched no more. Returns what became of them.
 */
export async function sweepPendingAttachments(arrivals: AttachmentArrivals, before: Date, now = new Date()): Promise<{ checked: number; available: number; rejected: number; forgotten: number }> {
  const result = { checked: 0, available: 0, rejected: 0, forgotten: 0 };
  for (const record of await arrivals.pendingBefore(before, SWEEP_LIMIT)) {
    result.checked++;
    const after = await checkPendingAttachment(arrivals, arrivals.unitOfWork(), record);
    if (after?.status === 'available') result.available++;
    else if (after?.status === 'rejected') result.rejected++;
    else if (after?.status === 'pending' && now.getTime() - Date.parse(record.createdAt) > WATCHED_FOR_MS) {
      await arrivals.stopWatching(record);
      result.forgotten++;
    }
  }
  return result;
}
