import type { Context } from 'aws-lambda';
import { archiveEvents } from '../../shared/audit/archive-events.ts';
import { eventArchiving } from '../../shared/db/stores/event-archive-ports.ts';

/** Time left when the archive stops taking new segments: longer than a segment takes. */
const MARGIN_MS = 60_000;

/** A whole number above 0 from the environment, else the default. */
const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
};

/**
 * The archive's configuration, read here and not in shared/config.ts, whose every getter is in
 * every function's bundle: only this function reads these (README, Configuration).
 * - ARCHIVE_EVENTS_AFTER_DAYS (30): events that occurred more than this many days ago are
 *   archived, well before the table's expiry at 35 (db/events/outbox-store.ts); at most 32, so a
 *   short segment's day of waiting and a failed run or two still come before it.
 * - ARCHIVE_SEGMENT_EVENTS (1,000): events a segment holds at most.
 * - ARCHIVE_SEGMENTS_PER_RUN (200): segments one run writes at most.
 */
export const archiveSettings = () => ({
  afterDays: Math.min(setting('ARCHIVE_EVENTS_AFTER_DAYS', 30), 32),
  segmentEvents: setting('ARCHIVE_SEGMENT_EVENTS', 1_000),
  maxSegments: setting('ARCHIVE_SEGMENTS_PER_RUN', 200),
});

/** The event archive on the table and the documents bucket, as configured: this function's, the local stack's (infra/local/event-archive.ts) and the tests'. */
export const runEventArchive = (options: { deadline: number; now?: Date; companyId?: string }) =>
  archiveEvents(eventArchiving, {
    ...archiveSettings(),
    now: options.now ?? new Date(),
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
