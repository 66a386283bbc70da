import type { AttachmentArrivals } from '../../attachments/arrival.ts';
import { documentBucket } from '../documents/document-bucket.ts';
import { RequestUnitOfWork } from '../table/unit-of-work.ts';
import { attachmentChecking } from './attachment-file-ports.ts';
import { pendingAttachmentsBefore, stopWatchingAttachment } from './attachment-store.ts';

/**
 * Uploads checked as the bucket tells of them, and the sweep of those it did not
 * (attachments/arrival.ts). In a file of its own, so the attachment routes' bundles take none of it.
 */
export const attachmentArrivals: AttachmentArrivals = {
  ...attachmentChecking,
  storage: documentBucket,
  // No request: the check's own event is its only one (it names whoever declared the file).
  unitOfWork: () => new RequestUnitOfWork(),
  pendingBefore: pendingAttachmentsBefore,
  stopWatching: stopWatchingAttachment,
};
