import { handler as attachmentArrived, NOTIFIED_WITHIN_MS } from '../../functions/ops/attachment-arrived.ts';
import { sweepPendingAttachments } from '../../shared/attachments/arrival.ts';
import { attachmentArrivals } from '../../shared/db/stores/attachment-arrival-ports.ts';
import type { ObjectCreatedListener } from './object-storage.ts';
import { sweepLoop, type RunningSweep } from './sweep-loop.ts';

/** The local object storage's notifications handed to the function that checks uploads in AWS, as the bucket's notification invokes it. */
export const checkArrivedObjects: ObjectCreatedListener = (event) => attachmentArrived(event);

export type RunningAttachmentSweep = RunningSweep;

/**
 * The sweep of pending attachments beside `npm start` (the same code the function's schedule
 * runs in AWS), every `everyMs`. Notifications live in this process, so an attachment declared
 * before it began (the stack was down, or killed before a check wrote) is looked at once: an
 * upload that landed meanwhile is available within the first sweep after `ready`.
 */
export function startAttachmentSweep(options: { everyMs?: number } = {}): RunningAttachmentSweep {
  const began = Date.now();
  return sweepLoop('attachments: sweep of pending uploads', options.everyMs ?? 5000, async () => {
    const { available, rejected } = await sweepPendingAttachments(attachmentArrivals, new Date(Math.max(began, Date.now() - NOTIFIED_WITHIN_MS)));
    if (available + rejected > 0) console.log(`attachments: ${available} upload${available === 1 ? '' : 's'} found available, ${rejected} rejected, by the sweep`);
  });
}
