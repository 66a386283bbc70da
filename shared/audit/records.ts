import type { SequencedEvent } from '../events/event-record.ts';
import type { BalanceFigure, LedgerEntryFigure } from './balance-rules.ts';
import type { Block, Moves, Span } from './book-summaries.ts';
import type { AuditedKind } from './record-state.ts';

/**
 * What the audit keeps and reads. Pure types; shared/db/stores/history-store.ts,
 * audit-figures.ts and book-summary-store.ts store and read them.
 */

/**
 * One version of a journal, account or cost center, kept for good with the event that made it.
 * The state is the record as the change answered it.
 */
export interface HistoryRecord {
  kind: AuditedKind;
  recordId: string;
  version: number;
  type: SequencedEvent['type'];
  actor: SequencedEvent['actor'];
  requestId: string | null;
  occurredAt: string;
  eventId: string;
  sequence: number;
  hash: string | null;
  state: Record<string, unknown> | null;
}

/** An account's balances and ledger entries in one period, as the audit compares them. */
export interface PairFigures {
  balances: BalanceFigure[];
  ledger: LedgerEntryFigure[];
}

export interface AccountPeriodFigures extends PairFigures {
  /** False when postings kept landing between the reads: nothing can be concluded now. */
  settled: boolean;
}

/** A stretch of book changes as a reader finds it: a sealed block carries its moves and closing changes; the open stretch does not. */
export interface StoredSpan {
  span: Span;
  sealed: boolean;
  moves: () => Moves;
  closingChanges: Block['closingChanges'];
}
