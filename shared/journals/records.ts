import type { ActorRef } from '../auth/actor.ts';
import type { Line } from './rules.ts';

/**
 * The journal as the ledger keeps it, typed by its state: the state decides which fields exist.
 * Pure types; shared/db/ledger/journal-store.ts stores and reads them.
 */
export interface JournalFields {
  id: string;
  serialNumber: number;
  /**
   * Its place in the company's gapless run (audit/entry-numbers.ts), once the sequencer gave it:
   * kept beside the journal by the sequencer, and set only on the journal reads answer (by id, a
   * list, a file, the audit files); a write neither reads nor writes it.
   */
  entryNumber?: number;
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
  /** Set on a journal an import wrote: that import (its creator is the journal's `createdBy`). */
  importId?: string | undefined;
  version: number;
  createdAt: string;
  updatedAt: string;
  /**
   * Who did what (absent on journals written before they were kept): who wrote it first
   * (`createdBy`), last wrote its date, lines or texts (`editedBy`), made its last change of any
   * kind (`updatedBy`, with `updatedAt`), posted and voided it.
   */
  createdBy?: ActorRef;
  editedBy?: ActorRef;
  updatedBy?: ActorRef;
  postedBy?: ActorRef;
  postedAt?: string;
  voidedBy?: ActorRef;
  voidedAt?: string;
  /**
   * Which of those the record lacked and were filled from its history afterwards
   * (authors-from-history.ts): its events' digests leave them out, Verify checks them against
   * that history instead. Dropped by the next write, whose event covers them.
   */
  authorsFromHistory?: AuthorField[];
  /** Its approval under the company's policy (approval-policies/): asked, given, refused. Dropped by an edit or an Adjust. */
  submittedBy?: ActorRef;
  submittedAt?: string;
  approvals?: Approval[];
  rejection?: Rejection;
  /** The version of the approval policy its posting was checked against (absent: none existed). */
  approvalPolicyVersion?: number;
}

/** Who-did-what fields a journal's history tells (authors-from-history.ts). */
export type AuthorField = 'createdBy' | 'editedBy' | 'updatedBy' | 'postedBy' | 'postedAt' | 'voidedBy' | 'voidedAt';

/** An approval given: by whom, the person behind it (a user, or the user who made the API key), when. */
export interface Approval {
  by: NonNullable<ActorRef>;
  personId: string;
  at: string;
}

/** The last refusal of its approval: by whom, when, why. */
export interface Rejection {
  by: NonNullable<ActorRef>;
  at: string;
  reason: string;
}

/** Where a posting went: every posted (or reversed) journal has all of it. */
export interface Posting {
  postingDate: string;
  financialYearId: string;
  periodId: string;
}

export type DraftJournal = JournalFields & { status: 'draft' };
/** A draft's approval as asked and given so far. */
type Asked = { submittedBy: ActorRef; submittedAt: string; approvals: Approval[] };
/** A draft asking its approval. */
export type SubmittedJournal = JournalFields & Asked & { status: 'submitted' };
/** A draft holding all the approval the policy asked when it was last approved. */
export type ApprovedJournal = JournalFields & Asked & { status: 'approved' };
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

/** A journal not on the balances: a draft, or a draft asking or holding its approval. */
export type UnpostedJournal = DraftJournal | SubmittedJournal | ApprovedJournal;

/** A journal typed by its state: the state decides which fields exist. */
export type JournalRecord = DraftJournal | SubmittedJournal | ApprovedJournal | InProgressJournal | PostedJournal | ReversedJournal | VoidedJournal;

