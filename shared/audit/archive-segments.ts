import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { SequencedEvent } from '../events/event-record.ts';
import type { EventView } from '../events/event-view.ts';

/**
 * Archived segments of a company's chain (pure; docs/decisions.md, Audit, "Events archived
 * before they expire"): a run of consecutive numbered events as gzip-compressed JSON Lines, one
 * event a line as the feed shows it to a reader allowed to read every record, `hash` included, so
 * the chain recomputes from the objects alone (README, Auditing). Written by archive-events.ts
 * (encodeSegment), read back here: Verify loads this module, not the writing.
 */

/** What the table keeps of a segment (its index item): what Verify needs to find and check it without listing the bucket. */
export interface ArchivedSegment {
  first: number;
  last: number;
  /** Lowercase hex SHA-256 of the object's bytes (the compressed text). */
  sha256: string;
  /** The chain's hash at the segment's end: its last event's. */
  lastHash: string | null;
  objectKey: string;
  /** The object's version (null where the storage keeps none: the local object storage). */
  versionId: string | null;
  bytes: number;
  /** Until when the object is locked (null where the storage did not say). */
  retainUntil: string | null;
  archivedAt: string;
}

/** A segment's object as the storage answers it. */
export interface SegmentObject {
  body: Uint8Array;
  versionId: string | null;
  retainUntil: string | null;
}

export const sha256Of = (body: Uint8Array): string => createHash('sha256').update(body).digest('hex');

/** The events of a segment's object (the feed's shape back to the stored one). Errors: a body that is not gzip JSON Lines throws. */
export function decodeSegment(body: Uint8Array): SequencedEvent[] {
  const lines = gunzipSync(body).toString('utf8').split('\n').filter((line) => line !== '');
  return lines.map((line) => {
    const v = JSON.parse(line) as EventView;
    return {
      eventId: v.id,
      type: v.type,
      companyId: v.companyId,
      recordId: v.recordId,
      version: v.version,
      actor: v.actor,
      occurredAt: v.occurredAt,
      requestId: v.requestId,
      data: v.data,
      dataOmitted: v.dataOmitted,
      recordDigest: v.recordDigest,
      sequence: v.sequence,
      previousHash: v.previousHash,
      hash: v.hash,
    } as SequencedEvent;
  });
}

/** Whether the events number `first` on, one after another, with none missing. */
const consecutive = (events: readonly SequencedEvent[], first: number) => events.length > 0 && events.every((e, i) => e.sequence === first + i);

/**
 * The index item of an object holding `events` (one just written, or one found in the bucket
 * whose index a crash left unwritten). Errors: events that do not follow one another throw.
 */
export function segmentOf(events: readonly SequencedEvent[], object: SegmentObject & { objectKey: string }, archivedAt: Date): ArchivedSegment {
  if (!consecutive(events, events[0]?.sequence ?? 0)) throw new Error(`${object.objectKey} does not hold consecutive events`);
  return {
    first: events[0]!.sequence,
    last: events.at(-1)!.sequence,
    sha256: sha256Of(object.body),
    lastHash: events.at(-1)!.hash,
    objectKey: object.objectKey,
    versionId: object.versionId,
    bytes: object.body.byteLength,
    retainUntil: object.retainUntil,
    archivedAt: archivedAt.toISOString(),
  };
}

const named = (s: ArchivedSegment) => `archived segment ${s.objectKey} (events ${s.first} to ${s.last})`;

/**
 * The events of a segment's object as its index records them, or why they cannot be taken: the
 * object is missing, its SHA-256 is not the one recorded (altered), or it does not hold the
 * events the index names. Verify walks the events it gives as it walks the table's.
 */
export function segmentEvents(segment: ArchivedSegment, object: SegmentObject | undefined): { events: SequencedEvent[] } | { problem: string } {
  if (!object) return { problem: `${named(segment)} is missing from the documents bucket` };
  if (sha256Of(object.body) !== segment.sha256) return { problem: `${named(segment)} does not match the SHA-256 its index records: the object was altered` };
  let events: SequencedEvent[];
  try {
    events = decodeSegment(object.body);
  } catch {
    return { problem: `${named(segment)} is not gzip JSON Lines` };
  }
  if (!consecutive(events, segment.first) || events.at(-1)!.sequence !== segment.last || events.at(-1)!.hash !== segment.lastHash) {
    return { problem: `${named(segment)} does not hold the events its index records` };
  }
  return { events };
}

/**
 * The events to archive next (pure): those of `events` (read from `from` on) that follow one
 * another from the first, each occurred before `cutoff`. The run stops at the first gap or the
 * first event on or after the cutoff (numbering order is not quite instant order: a later one is
 * taken by a later run).
 */
export function dueEvents(events: readonly SequencedEvent[], cutoff: string): SequencedEvent[] {
  const due: SequencedEvent[] = [];
  for (const e of events) {
    if (e.occurredAt >= cutoff || (due.length > 0 && e.sequence !== due.at(-1)!.sequence + 1)) break;
    due.push(e);
  }
  return due;
}
