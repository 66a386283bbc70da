import type { SettingsRecord } from '../companies/records.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { Change } from '../unit-of-work.ts';
import type { MatchChange } from '../reconciliation/match-changes.ts';
import type { BookChange, PeriodState } from './book-changes.ts';
import type { Block, Span, SummaryForm } from './book-summaries.ts';
import type { HistoryRecord } from './records.ts';
import type { AuditedKind } from './record-state.ts';

/**
 * What the audit's recording rules need of storage while the sequencer numbers events
 * (db/events/sequencer.ts hands in db/stores/audit-recording-ports.ts): apart from store.ts,
 * whose ports number events through the sequencer (events/store.ts).
 */
/** What recording a numbered batch's book changes reads and writes (record-book-changes.ts); the sequencer hands it in. */
export interface BookChangeRecording {
  settings(companyId: string): Promise<SettingsRecord | undefined>;
  getJournals(companyId: string, journalIds: readonly string[]): Promise<JournalRecord[]>;
  /** A record's state before `version` (its history), undefined when not kept. */
  stateBefore(companyId: string, kind: AuditedKind, recordId: string, version: number): Promise<HistoryRecord['state'] | undefined>;
  /** The change's item, the `index`th of its event. */
  bookChangeChange(companyId: string, change: BookChange, index: number): Change;
  periodStateChange(companyId: string, change: { periodId: string; state: PeriodState; occurredAt: string; sequence: number }): Change;
  /** A bank match made or undone, in its bank account. */
  matchChange(change: MatchChange): Change;
}

/** What moving the summaries of the book changes on reads and writes (record-summaries.ts); the sequencer hands it in. */
export interface SummaryRecording {
  /** When the company's latest recorded book change committed, or null for none. */
  latestBookChangeAt(companyId: string): Promise<string | null>;
  /** The book changes of a stretch. */
  changesOfSpan(companyId: string, span: Span): Promise<BookChange[]>;
  /** The open stretch as it now stands, at the one `read` (undefined: none yet), kept in `form`. */
  openSpanChange(companyId: string, span: Span, read: Span | undefined, form: SummaryForm): Change;
  blockChange(companyId: string, block: Block, form: SummaryForm): Change;
  eventsBetween(companyId: string, from: number, to: number): Promise<SequencedEvent[]>;
}
