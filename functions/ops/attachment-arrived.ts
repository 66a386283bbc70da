import type { EventBridgeEvent, S3Event } from 'aws-lambda';
import { objectArrived, sweepPendingAttachments, type ArrivalOutcome } from '../../shared/attachments/arrival.ts';
import { attachmentArrivals } from '../../shared/db/stores/attachment-arrival-ports.ts';

/** How long the notification has to check an upload before the sweep looks at it. */
export const NOTIFIED_WITHIN_MS = 60_000;

/**
 * Uploads of source documents checked as they land (shared/attachments/arrival.ts). Two
 * triggers: the documents bucket's notification of objects created under `companies/` checks
 * each one's attachment (a failure throws, so Lambda retries the invocation); a schedule every
 * five minutes sweeps the attachments still pending a minute after their declaration, whose
 * upload no notification checked (the function failed through its retries, or was not there).
 * The local stack runs the same handler on its object storage's events and on a loop.
 */
export async function handler(event: S3Event | EventBridgeEvent<'Scheduled Event', unknown>): Promise<ArrivalOutcome[] | Awaited<ReturnType<typeof sweepPendingAttachments>>> {
  if ('Records' in event) {
    const created = event.Records.filter((r) => r.eventName.startsWith('ObjectCreated:'));
    // S3 sends keys URL-encoded, spaces as '+'.
    return Promise.all(created.map((r) => objectArrived(attachmentArrivals, decodeURIComponent(r.s3.object.key.replace(/\+/g, ' ')))));
  }
  return sweepPendingAttachments(attachmentArrivals, new Date(Date.now() - NOTIFIED_WITHIN_MS));
}
