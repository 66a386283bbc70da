import type { AttachmentArrivals } from '../../attachments/arrival.ts';
import type { AttachmentChecking, AttachmentDeclaring } from '../../attachments/store.ts';
import { documentBucket } from '../documents/document-bucket.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { RequestUnitOfWork } from '../table/unit-of-work.ts';
import { declareAttachmentOps, getAttachment, journalStatus, pendingAttachmentsBefore, replaceAttachmentOp, stopWatchingAttachment } from './attachment-store.ts';

/** The ports of the attachment use cases that reach the documents bucket (attachments/store.ts): records in the table, files in the bucket. */
export const attachmentDeclaring: AttachmentDeclaring = { journalStatus, storage: documentBucket, declareChanges: declareAttachmentOps };

export const attachmentChecking: AttachmentChecking = { get: getAttachment, storage: documentBucket, checkedChange: replaceAttachmentOp, eventChange: (event) => pendingEventOp(event) };

/** Uploads checked as the bucket tells of them, and the sweep of those it did not (attachments/arrival.ts). */
export const attachmentArrivals: AttachmentArrivals = {
  ...attachmentChecking,
  storage: documentBucket,
  // No request: the check's own event is its only one (it names whoever declared the file).
  unitOfWork: () => new RequestUnitOfWork(),
  pendingBefore: pendingAttachmentsBefore,
  stopWatching: stopWatchingAttachment,
};
