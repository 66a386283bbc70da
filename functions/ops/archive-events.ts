import type { Context } from 'aws-lambda';
import { archiveEvents } from '../../shared/audit/archive-events.ts';
import { config } from '../../shared/config.ts';
import { eventArchiving } from '../../shared/db/stores/event-archive-ports.ts';

/** Time left when the archive stops taking new segments: longer than a segment takes. */
const MARGIN_MS = 60_000;

/** The event archive on the table and the documents bucket, as configured: this function's, the local stack's (infra/local/event-archive.ts) and the tests'. */
export const runEventArchive = (options: { deadline: number; now?: Date; companyId?: string }) =>
  archiveEvents(eventArchiving, {
    now: options.now ?? new Date(),
    afterDays: config.archiveEventsAfterDays,
    segmentEvents: config.archiveSegmentEvents,
    maxSegments: config.archiveSegmentsPerRun,
    deadline: options.deadline,
    ...(options.companyId ? { companyId: options.companyId } : {}),
  });

/**
 * Archives each company's events before the table's expiry removes them (shared/audit/archive-events.ts).
 * Run every hour by a schedule; a run stops at its bounds and the next goes on. A run in which a
 * company failed ends in an error, so the function's error alarm tells (the others were archived).
 */
export async function handler(_event: unknown, context: Context) {
  const run = await runEventArchive({ deadline: Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS });
  if (run.failed > 0) throw new Error(`Archiving the events of ${run.failed} compan${run.failed === 1 ? 'y' : 'ies'} failed (logged); the next run tries again.`);
  return run;
}
