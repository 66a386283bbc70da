import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { retainUntil, retentionYears } from '../companies/document-retention.ts';
import { requestLogger } from '../logger.ts';
import { decodeSegment, dueEvents, segmentOf, sha256Of, type ArchivedSegment, type SegmentObject } from './archive-segments.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import { chainedView } from '../events/event-view.ts';
import type { EventArchiving } from './store.ts';

export interface ArchiveOptions {
  now: Date;
  /** Events that occurred more than this many days before `now` are archived (ARCHIVE_EVENTS_AFTER_DAYS: functions/ops/archive-events.ts). */
  afterDays: number;
  /** Events a segment holds at most (ARCHIVE_SEGMENT_EVENTS). */
  segmentEvents: number;
  /** Segments one run writes at most (ARCHIVE_SEGMENTS_PER_RUN). */
  maxSegments: number;
  /** When the run stops taking new segments (ms since the epoch). */
  deadline: number;
  /** Only this company (the tests'): no listing of companies is read. */
  companyId?: string;
}

export interface ArchiveRun {
  segments: number;
  events: number;
  /** Companies whose archiving failed this run (logged; the next run tries again). */
  failed: number;
  /** The run stopped at its bounds with work left: the next run goes on. */
  more: boolean;
}

const DAY_MS = 86_400_000;

/** A segment's object (archive-segments.ts): its events as JSON Lines, each as the feed shows it to a reader allowed to read every record, gzip-compressed. */
export function encodeSegment(events: readonly SequencedEvent[]): Buffer {
  return gzipSync(events.map((e) => `${JSON.stringify({ ...chainedView(e), hash: e.hash })}\n`).join(''));
}

/**
 * Archives each company's numbered events before the table's expiry removes them
 * (docs/decisions.md, Audit, "Events archived before they expire"): from the first number not
 * yet archived, segments of at most `segmentEvents` consecutive events that occurred more than
 * `afterDays` ago, each an object of the documents bucket locked until the company's retention
 * ends (companies/document-retention.ts), recorded by an index item in the table. A segment
 * shorter than `segmentEvents` waits until its first event is a day past the threshold, so an
 * hourly run does not cut a quiet company's events into hourly objects. Idempotent: an object
 * already under the next segment's key (a crash left it without its index item) is recorded as
 * it is, never written again; an index item already there is kept. At most `maxSegments` a run,
 * and none begun after `deadline`. A company that fails is logged and counted; the others go on.
 */
export async function archiveEvents(store: EventArchiving, options: ArchiveOptions): Promise<ArchiveRun> {
  const run: ArchiveRun = { segments: 0, events: 0, failed: 0, more: false };
  const log = requestLogger(randomUUID());
  const companies = options.companyId ? [options.companyId] : store.companies(options.deadline);
  for await (const companyId of companies) {
    try {
      for (;;) {
        if (run.segments >= options.maxSegments || Date.now() >= options.deadline) {
          run.more = true;
          return run;
        }
        const segment = await archiveNext(store, companyId, options);
        if (!segment) break;
        run.segments++;
        run.events += segment.last - segment.first + 1;
      }
    } catch (error) {
      run.failed++;
      log.error('event archiving failed', { companyId, error: String(error) });
    }
  }
  return run;
}

/** Archives the company's next segment, if one is due; the segment recorded, or undefined. */
async function archiveNext(store: EventArchiving, companyId: string, options: ArchiveOptions): Promise<ArchivedSegment | undefined> {
  const cutoff = new Date(options.now.getTime() - options.afterDays * DAY_MS).toISOString();
  const [last, head] = await Promise.all([store.lastSegment(companyId), store.chainHead(companyId)]);
  const from = last ? last.last + 1 : 1;
  if (from >= head.next) return undefined;
  // The next event alone first: most hours, for most companies, it is not due yet.
  let [first] = await store.eventsBetween(companyId, from, from);
  if (!first) {
    // `from` is no longer in the table (expired before it was archived, or deleted): the archive
    // goes on from the next event kept, and Verify reports the ones between missing.
    const kept = await store.firstKeptFrom(companyId, from);
    if (kept === undefined || kept >= head.next) return undefined;
    [first] = await store.eventsBetween(companyId, kept, kept);
  }
  if (!first || first.occurredAt >= cutoff) return undefined;
  const events = await store.eventsBetween(companyId, first.sequence, Math.min(head.next - 1, first.sequence + options.segmentEvents - 1));
  const due = dueEvents(events, cutoff);
  if (due.length === 0) return undefined;
  if (due.length < options.segmentEvents && due[0]!.occurredAt >= new Date(Date.parse(cutoff) - DAY_MS).toISOString()) return undefined;
  if (due[0]!.sequence > from) requestLogger(randomUUID()).error('events gone before they were archived', { companyId, from, to: due[0]!.sequence - 1 });

  const objectKey = store.objectKey(companyId, due[0]!.sequence);
  const found = await store.readObject(objectKey, null);
  const { object, events: held } = found ? { object: found, events: decodeSegment(found.body) } : await writeSegment(store, companyId, objectKey, due, options.now);
  const segment = segmentOf(held, { ...object, objectKey }, options.now);
  if (segment.first !== due[0]!.sequence) throw new Error(`${objectKey} holds events from ${segment.first}, not ${due[0]!.sequence}`);
  await store.recordSegment(companyId, segment);
  return segment;
}

/**
 * Writes the segment's object, locked for the company's retention, and answers it with the
 * events it holds; an object written meanwhile under its key (another run) is read and taken instead.
 */
async function writeSegment(store: EventArchiving, companyId: string, objectKey: string, due: SequencedEvent[], now: Date): Promise<{ object: SegmentObject; events: SequencedEvent[] }> {
  const settings = await store.settings(companyId);
  const years = retentionYears(settings ?? { taxJurisdiction: null });
  const body = encodeSegment(due);
  const written = await store.writeObject(objectKey, body, sha256Of(body), retainUntil(now, years));
  if (written !== 'exists') return { object: written, events: due };
  const other = await store.readObject(objectKey, null);
  if (!other) throw new Error(`${objectKey} was there when written, and is not when read`);
  return { object: other, events: decodeSegment(other.body) };
}
