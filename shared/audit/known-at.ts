import { bookChangesAfter, bookChangesKeptFrom, TooManyLines } from '../db/book-change-store.ts';
import { eventsBetween } from '../db/event-store.ts';
import { ValidationError } from '../errors.ts';
import { currentAuditHead } from './audit-head.ts';
import { BOOK_CHANGE_TYPES, type BookChange } from './book-changes.ts';

/**
 * The books as they stood at a moment (docs/decisions.md, Audit, "As known at"): the changes
 * committed after it, which a report takes back from the balances and ledgers of now. A change
 * counts as committed at its event's `occurredAt`: the instant its transaction was sent, which
 * orders the events.
 */
export interface BooksKnownAt {
  /** The moment, in UTC to the millisecond (ISO 8601). */
  instant: string;
  /** Before the company's first change: nothing was in its books. */
  empty: boolean;
  /** The changes committed after the moment, oldest first. */
  changes: BookChange[];
  /** The event counter's next number once every pending event was numbered: a change committed later shows above it. */
  next: number;
}

/** Journal lines a report takes back at most: past it, a report as known at that moment is refused (400 naming knownAt). */
export const MAX_LINES_TAKEN_BACK = 50_000;

/**
 * What a report as known at `knownAt` takes back, or undefined for the books of now (no
 * knownAt, or one not before the request). Numbers pending events first, so a change committed
 * after the moment but not yet numbered is taken back too. Work: the changes after the moment,
 * read in pages, up to MAX_LINES_TAKEN_BACK lines.
 * Errors: ValidationError naming `knownAt` (TooManyChanges; BeforeChangeRecord: before the
 * service kept this company's changes, for a company older than that record).
 */
export async function booksKnownAt(companyId: string, knownAt: string | undefined, now = new Date()): Promise<BooksKnownAt | undefined> {
  if (knownAt === undefined) return undefined;
  const instant = new Date(knownAt).toISOString();
  if (instant >= now.toISOString()) return undefined;
  const head = await currentAuditHead(companyId);
  const from = await bookChangesKeptFrom(companyId);
  if (!from || instant < from.occurredAt) {
    // A company whose first event was recorded with its changes had nothing before it.
    if (from?.sequence === 1) return { instant, empty: true, changes: [], next: head.sequence + 1 };
    throw ValidationError.field('knownAt', `must be at or after ${from?.occurredAt ?? now.toISOString()}, when the record of this company's changes to its books begins`, 'BeforeChangeRecord');
  }
  try {
    return { instant, empty: false, changes: await bookChangesAfter(companyId, instant, MAX_LINES_TAKEN_BACK), next: head.sequence + 1 };
  } catch (error) {
    if (!(error instanceof TooManyLines)) throw error;
    throw ValidationError.field('knownAt', `more than ${MAX_LINES_TAKEN_BACK} journal lines were posted, voided or reversed after it, more than a report takes back: give a later moment`, 'TooManyChanges');
  }
}

/**
 * Whether a change to the books committed after `known` was read (numbering what is pending
 * first): balances read meanwhile may hold it although it was not taken back, so the report is
 * read again.
 */
export async function changedSince(companyId: string, known: BooksKnownAt): Promise<boolean> {
  const head = await currentAuditHead(companyId);
  if (head.sequence < known.next) return false;
  const events = await eventsBetween(companyId, known.next, head.sequence);
  return events.some((e) => BOOK_CHANGE_TYPES[e.type]) || events.length < head.sequence - known.next + 1;
}
