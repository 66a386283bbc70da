import type { KnownAtReads } from '../../audit/store.ts';
import { eventHead, eventsBetween } from '../events/event-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { bookChangesAfter, bookChangesAt, bookChangesKeptFrom, TooManyLines } from './book-change-store.ts';
import { spansAfter, TooManyBlocks } from './book-summary-store.ts';

/** A read, or undefined when it ran past its bound (the store's TooManyLines or TooManyBlocks). */
async function bounded<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof TooManyLines || error instanceof TooManyBlocks) return undefined;
    throw error;
  }
}

/**
 * The reads of a report as known at a moment (audit/store.ts KnownAtReads), in a module of their
 * own: reports load it with audit/known-at.ts, on that rare path only (docs/decisions.md, Bundling).
 */
export const knownAtReads: KnownAtReads = {
  sequence: sequenceEvents,
  chainHead: eventHead,
  keptFrom: bookChangesKeptFrom,
  changesAfter: (companyId, instant, maxLines, upTo) => bounded(bookChangesAfter(companyId, instant, maxLines, upTo)),
  changesAt: bookChangesAt,
  spansAfter: (companyId, instant, maxBlocks, numberedThrough, form) => bounded(spansAfter(companyId, instant, maxBlocks, numberedThrough, form)),
  eventsBetween,
};
