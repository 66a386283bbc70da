import type { BookChange } from '../audit/book-changes.ts';
import type { Span } from '../audit/book-summaries.ts';
import type { AuditedKind } from '../audit/record-state.ts';
import type { EntryNumber, EntryNumberReads } from '../audit/entry-numbers.ts';
import type { BookChangeRecording, SummaryRecording } from '../audit/recording-store.ts';
import type { Page } from '../schemas/list-query.ts';
import type { Change } from '../unit-of-work.ts';
import type { SequencedEvent } from './event-record.ts';
import type { EventType } from './event-types.ts';
import type { numberEvents } from './numbering.ts';
import type { oldestPending } from './pending-order.ts';

/**
 * What the event use cases need of the place events are kept and numbered, one port per use
 * case; shared/db implements them (db/stores/event-ports.ts; the sequencer, which numbers the
 * events in the table, is db/events/sequencer.ts).
 */

/**
 * The rules the sequencer numbers and records events by, handed to it by whoever asks for the
 * numbering (numbering-rules.ts): which pending events go first, and the rules of numbering them
 * (FillingRules), loaded when a round finds some: most calls find none, as the dispatcher numbered
 * them after their writes.
 */
export interface NumberingRules {
  oldest: typeof oldestPending;
  filling(): Promise<FillingRules>;
}

/**
 * The rules of numbering pending events (filling-rules.ts): the chain, which records an event
 * versions, and what it did to the books and their summaries (audit/record-book-changes.ts,
 * record-summaries.ts, which write through the stores the sequencer gives them).
 */
export interface FillingRules {
  number: typeof numberEvents;
  auditedKindOf: Partial<Record<EventType, AuditedKind>>;
  bookChanges(store: BookChangeRecording, companyId: string, events: readonly SequencedEvent[]): Promise<{ ops: Map<number, Change[]>; changes: BookChange[] }>;
  summaries(store: SummaryRecording, companyId: string, open: Span | undefined, numbered: { first: number; last: number }, changes: readonly BookChange[]): Promise<Change[]>;
  /** The journals' entry numbers the book changes give, from the count `entries` on (audit/entry-numbers.ts). */
  entryNumbers(reads: EntryNumberReads, companyId: string, entries: number, changes: readonly BookChange[]): Promise<{ assigned: EntryNumber[]; entries: number }>;
}

/** Numbering the company's pending events (numbering-rules.ts numberPending). */
export interface EventNumbering {
  /** Numbers the events pending when called, by `rules`; how many it numbered. */
  sequence(rules: NumberingRules, companyId: string): Promise<number>;
}

/** The events' feed (feed.ts). */
export interface EventFeedReads extends EventNumbering {
  /** A page of the company's numbered events in sequence order. Errors: ValidationError (InvalidCursor). */
  page(companyId: string, filter: EventFilter, pageSize: number, page: string | undefined): Promise<Page<SequencedEvent>>;
}

/** Which events a feed page holds. */
export interface EventFilter {
  /** Only events numbered above this (a consumer's last seen sequence). */
  after: number;
  /** Only these types (none: every type). */
  types: readonly string[];
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}
