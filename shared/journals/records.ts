import type { ActorRef } from '../auth/actor.ts';
import type { Line } from './rules.ts';

/**
 * The journal as the ledger keeps it, typed by its state: the state decides which fields exist.
 * Pure types; shared/db/ledger/journal-store.ts stores and reads them.
 */
export interface JournalFields {
  id: string;
  serialNumber: number;
  date: string;
  calendarDate: string;
  description?: string | undefined;
  reference?: string | undefined;
  entries: Line[];
  /** The journal's choice when written: its taxed lines' amounts as sent included their tax (their `amount` is kept without it). */
  amountsIncludeTax?: boolean | undefined;
  /** Set on a reversing journal: the journal it reverses. */
  reversalOf?: string | undefined;
  /** Set by GenerateClosingJournal only: the financial year this journal closes. */
  closingOf?: string | undefined;
  /** Set on a revaluation journal and on its automatic reversal: the date whose balances it revalues. */
  revaluationDate?: string | undefined;
  /** Set by an import of opening balances only: the financial year this journal opens. */
  openingOf?: string | undefined;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Where a posting went: every posted (or reversed) journal has all of it. */
export interface Posting {
  postingDate: string;
  financialYearId: string;
  periodId: string;
}

export type DraftJournal = JournalFields & { status: 'draft' };
export type PostedJournal = JournalFields & Posting & { status: 'posted' };
export type ReversedJournal = JournalFields & Posting & { status: 'reversed'; reversedBy: string };
/**
 * A posting too wide for one transaction, under way (shared/journals/wide-posting.ts): Post
 * (status `posting`), or Void or Adjust taking it back (status `unposting`), applied in chunks;
 * `next` is the first chunk not yet applied.
 */
export interface PostingJob {
  action: 'Post' | 'Void' | 'Adjust';
  next: number;
  /** The version the request that started it was based on: its retry resumes the job. */
  fromVersion: number;
  /** Who started it: named by the event recovery records when it finishes the job (absent on jobs of older versions). */
  actor?: ActorRef;
}
export type InProgressJournal = JournalFields & Posting & { status: 'posting' | 'unposting'; job: PostingJob };
/** A voided draft never had a posting; a voided posted journal keeps its own. */
export type VoidedJournal = JournalFields & Partial<Posting> & { status: 'voided' };

/** A journal typed by its state: the state decides which fields exist. */
export type JournalRecord = DraftJournal | InProgressJournal | PostedJournal | ReversedJournal | VoidedJournal;

