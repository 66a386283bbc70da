import type { Change, RecoveryUnits, UnitOfWork } from '../unit-of-work.ts';
import type { Books, OpenPeriod, PostingBooks } from '../journals/store.ts';
import type { ReportBooks } from '../reports/store.ts';
import type { DraftJournal, PostedJournal, Posting, ReversedJournal } from '../journals/records.ts';
import type { PostingFigures } from '../journals/posting-figures.ts';
import type { PendingRevaluation, RevaluationDay } from './records.ts';
import type { PlannedRevaluation } from './revaluation-journals.ts';

/** An open period a revaluation posts into, as Books.openPeriod answered it, and the day it posts on. */
export interface OpenPlace extends OpenPeriod {
  day: string;
}

/** A revaluation to post: its journal planned, its reversal's id, where each posts, what it was decided on. */
export interface RevaluationToPost {
  planned: PlannedRevaluation;
  /** The revaluation's journal as a draft, for the stepped path (revaluation-journals.ts revaluationDraft). */
  draft: DraftJournal;
  /** The revaluation and its reversal in their final states, given where each posts (revaluation-journals.ts revaluationPair). */
  pair(posting: Posting, reversal: { id: string; serialNumber: number; posting: Posting }): { revaluation: ReversedJournal; reversal: PostedJournal };
  /** What each of the pair adds to the balances, posted in one commit (revaluation-journals.ts revaluationFigures). */
  figures: { revaluation: PostingFigures; reversal: PostingFigures };
  reversalId: string;
  /** The date's open period, and the next day's (the reversal's). */
  places: [OpenPlace, OpenPlace];
  /** The day as read before the balances: the revaluation commits only if no other was made since. */
  day: RevaluationDay;
  gainLossAccountId: string;
  /** The revaluation under way, should it not be posted at once. */
  pending: PendingRevaluation;
}

/** The books as a revaluation sees them (shared/db/ledger/revaluation-books.ts keeps them). */
export interface RevaluationBooks {
  /**
   * A revaluation and its reversal posted together in their final states (the revaluation
   * reversed, its reversal posted), with the checks that both periods are open and the day's
   * count: all or nothing, answering `response` (`posted`). When the books cannot take both in
   * one commit, the revaluation starts instead: its draft saved, the day's revaluation
   * `pending`, a posting under way in both periods (neither locks meanwhile), and it is posted
   * and reversed step by step (finish-revaluation.ts). Errors: RevaluationRaced (another
   * revaluation of the date committed after `day` was read), VersionConflict (the gain and loss
   * account changed meanwhile), StateConflict PeriodNotOpen.
   */
  revaluationPosted<T>(uow: UnitOfWork, companyId: string, revaluation: RevaluationToPost, response: T): Promise<{ posted: true; response: T } | { posted: false }>;
}

/**
 * Finishing a revaluation too wide for one commit (finish-revaluation.ts): the journals' books
 * for its steps, the day it belongs to, and the changes that end it.
 */
export interface RevaluationFinishing {
  books: PostingBooks;
  /** The date's revaluations, strongly consistent (version 0 when none was made). */
  day(companyId: string, date: string): Promise<RevaluationDay>;
  /**
   * The changes ending the date's pending revaluation `journalId`: the day's revaluation done, its
   * job finished, its periods' postings under way released. Errors at commit: StateConflict
   * RevaluationInProgress when another request ended it first.
   */
  doneChanges(companyId: string, date: string, journalId: string, periodIds: readonly string[]): Change[];
  /** Commits the changes at once, all or nothing (each step of a revaluation stands on its own). */
  commitNow(changes: readonly Change[]): Promise<void>;
  /** The unit of work recovery finishes a revaluation in, with the event its request would have recorded. */
  recoveryUnits: RecoveryUnits;
}

/** What making a revaluation asks of the journals' books: the open period of a day, a rate, a serial number. */
export type RevaluationPlaces = Pick<Books, 'openPeriod' | 'rateOn' | 'nextSerial'>;

/** Making a revaluation (create-revaluation.ts, post-revaluation.ts). */
export interface RevaluationCreating {
  books: RevaluationPlaces;
  /** The date's revaluations, strongly consistent (version 0 when none was made). */
  day: RevaluationFinishing['day'];
  /** The balances and chart it revalues, read as the reports read them. */
  reports: ReportBooks;
  /** The books that write a revaluation, loaded by the requests that post one (not a dry run). */
  posting(): Promise<RevaluationBooks>;
  /** Whether `error` says that another revaluation of the date committed after the day was read. */
  raced(error: unknown): boolean;
  /**
   * The stepped path's port (finish-revaluation.ts), with the journals' whole books: loaded on
   * that path only, which few revaluations take (too wide for one commit, or left under way).
   */
  finishing(): Promise<RevaluationFinishing>;
}
