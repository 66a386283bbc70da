import type { StoredSpan } from './records.ts';
import { ValidationError } from '../errors.ts';
import { currentAuditHead } from './audit-head.ts';
import { BOOK_CHANGE_TYPES, type BookChange } from './book-changes.ts';
import { mergeMoves, movesOf, SUMMARY_FORM, type Moves, type Span } from './book-summaries.ts';
import type { KnownAtReads } from './store.ts';
import { takeBack } from './take-back.ts';
import type { BalanceScope, GroupedSums } from '../balances/records.ts';
import type { EventType } from '../events/event-types.ts';

/**
 * The books as they stood at a moment (docs/decisions.md, Audit, "As known at"): what the
 * changes committed after it did, which a report takes back from the balances and ledgers of
 * now. A change counts as committed at its event's `occurredAt`: the instant its transaction was
 * sent, which orders the events.
 */
export interface BooksKnownAt {
  /** The moment, in UTC to the millisecond (ISO 8601). */
  instant: string;
  /** Before the company's first change: nothing was in its books. */
  empty: boolean;
  /** What taking back every change committed after the moment adds to the balances, by posting date. */
  undo: Moves;
  /**
   * The changes committed after the moment, oldest first, one by one: every one when read
   * `whole` (the general ledger's rows need them), else those of the stretches around the
   * moment (the open one, a block straddling it) that are not taken back as a block.
   */
  changes: BookChange[];
  /** The changes of year-end closing journals committed after the moment, oldest first (income statements leave those journals out). */
  closings: BookChange[];
  /** The event counter's next number once every pending event was numbered: a change committed later shows above it. */
  next: number;
  /** Balances of now through `date` as they stood at the moment (take-back.ts; here, so only this path loads it). */
  takenBack(sums: GroupedSums, scope: BalanceScope, date: string, accountIds?: ReadonlySet<string>): GroupedSums;
}

/** Journal lines a report takes back one by one at most: past it, a report as known at that moment is refused (400 naming knownAt). */
export const MAX_LINES_TAKEN_BACK = 50_000;
/** Blocks of summaries a report takes back at most (each about config.bookSummaryLines lines). */
export const MAX_BLOCKS_TAKEN_BACK = 500;

const tooMany = () =>
  ValidationError.field('knownAt', `more journal lines were posted, voided or reversed after it than a report takes back (${MAX_LINES_TAKEN_BACK} one by one, or ${MAX_BLOCKS_TAKEN_BACK} blocks): give a later moment`, 'TooManyChanges');

/**
 * What a report as known at `knownAt` takes back, or undefined for the books of now (no
 * knownAt, or one not before the request). Numbers pending events first, so a change committed
 * after the moment but not yet numbered is taken back too. Work: the blocks of summaries that
 * committed wholly after the moment, each in one step, and the changes of the stretches around
 * it one by one (`whole`: every change one by one, for the general ledger's rows; so too for a
 * company whose changes before the moment were recorded before summaries were kept).
 * Errors: ValidationError naming `knownAt` (TooManyChanges; BeforeChangeRecord: before the
 * service kept this company's changes, for a company older than that record).
 */
export async function booksKnownAt(books: KnownAtReads, companyId: string, knownAt: string | undefined, options: { whole?: boolean } = {}, now = new Date()): Promise<BooksKnownAt | undefined> {
  if (knownAt === undefined) return undefined;
  const instant = new Date(knownAt).toISOString();
  if (instant >= now.toISOString()) return undefined;
  const head = await currentAuditHead(books, companyId);
  const from = await books.keptFrom(companyId);
  const next = head.sequence + 1;
  if (!from || instant < from.occurredAt) {
    // A company whose first event was recorded with its changes had nothing before it.
    if (from?.sequence === 1) return known({ instant, empty: true, undo: new Map(), changes: [], closings: [], next });
    throw ValidationError.field('knownAt', `must be at or after ${from?.occurredAt ?? now.toISOString()}, when the record of this company's changes to its books begins`, 'BeforeChangeRecord');
  }
  const summarized = options.whole ? undefined : within(await books.spansAfter(companyId, instant, MAX_BLOCKS_TAKEN_BACK, head.sequence, SUMMARY_FORM));
  const taken = summarized?.complete ? await fromSummaries(books, companyId, instant, summarized.spans) : await oneByOne(books, companyId, instant);
  return known({ instant, empty: false, ...taken, next });
}

const known = (k: Omit<BooksKnownAt, 'takenBack'>): BooksKnownAt => ({ ...k, takenBack: (sums, scope, date, accountIds) => takeBack(sums, k.undo, scope, date, accountIds) });

/** A read within the bounds a report takes back (undefined: past them). Errors: ValidationError (TooManyChanges). */
function within<T>(read: T | undefined): T {
  if (read === undefined) throw tooMany();
  return read;
}

/** Every change after the moment, read one by one. */
async function oneByOne(books: KnownAtReads, companyId: string, instant: string) {
  const changes = within(await books.changesAfter(companyId, instant, MAX_LINES_TAKEN_BACK));
  return { undo: movesOf(changes, -1), changes, closings: changes.filter((c) => c.closing) };
}

/**
 * From the stretches holding a change after the moment (KnownAtReads.spansAfter): a
 * sealed block whose every change committed after it, in one step; the others (the open stretch,
 * a block straddling the moment) by their changes after it, read one by one.
 */
async function fromSummaries(books: KnownAtReads, companyId: string, instant: string, spans: readonly StoredSpan[]) {
  const wholly = spans.filter((s) => s.sealed && s.span.minOccurredAt !== null && s.span.minOccurredAt > instant);
  const around = spans.filter((s) => !wholly.includes(s) && s.span.maxOccurredAt !== null && s.span.maxOccurredAt > instant);
  const [reads, closingsOfBlocks] = await Promise.all([Promise.all(around.map((s) => changesAfterIn(books, companyId, instant, s.span))), books.changesAt(companyId, wholly.flatMap((s) => s.closingChanges))]);
  const changes = reads.flat().sort(byKey);
  if (changes.reduce((n, c) => n + c.lines.length, 0) > MAX_LINES_TAKEN_BACK) throw tooMany();
  const undo = movesOf(changes, -1);
  for (const block of wholly) mergeMoves(undo, block.moves(), -1);
  return { undo, changes, closings: [...changes.filter((c) => c.closing), ...closingsOfBlocks].sort(byKey) };
}

/** Oldest first, as their keys sort (a change's place among its event's changes keeps the read's order: the sort is stable). */
const byKey = (a: BookChange, b: BookChange) => (a.occurredAt === b.occurredAt ? a.sequence - b.sequence : a.occurredAt < b.occurredAt ? -1 : 1);

/** A stretch's changes committed after the moment: read within the stretch's own instants (not from the moment on), kept when numbered within it. */
async function changesAfterIn(books: KnownAtReads, companyId: string, instant: string, span: Span): Promise<BookChange[]> {
  const from = span.minOccurredAt! > instant ? new Date(Date.parse(span.minOccurredAt!) - 1).toISOString() : instant;
  const read = within(await books.changesAfter(companyId, from, MAX_LINES_TAKEN_BACK, span.maxOccurredAt!));
  return read.filter((c) => c.sequence >= span.fromSequence && c.sequence <= span.toSequence);
}

/**
 * Whether a change to the books committed after `known` was read (numbering what is pending
 * first): balances read meanwhile may hold it although it was not taken back, so the report is
 * read again. `alsoTypes`: events besides the books' that a report takes back too (a bank
 * reconciliation's matches).
 */
export async function changedSince(books: KnownAtReads, companyId: string, known: BooksKnownAt, alsoTypes: readonly EventType[] = []): Promise<boolean> {
  const head = await currentAuditHead(books, companyId);
  if (head.sequence < known.next) return false;
  const events = await books.eventsBetween(companyId, known.next, head.sequence);
  return events.some((e) => BOOK_CHANGE_TYPES[e.type] || alsoTypes.includes(e.type)) || events.length < head.sequence - known.next + 1;
}
