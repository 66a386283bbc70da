import { randomUUID } from 'node:crypto';
import type { DraftJournal, InProgressJournal, JournalRecord, Posting, PostedJournal, ReversedJournal, VoidedJournal } from './records.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { VersionConflict } from '../errors.ts';
import { checkPostable, checkReversalDate } from './posting-checks.ts';
import { checkResumes, isInProgress, isReversalJob, jobFigures } from './posting-jobs.ts';
import { checkBalanced, checkTransition, swapSides, type JournalAction } from './rules.ts';
import { postingFigures } from './posting-figures.ts';
import type { PostJournalInput, ReverseJournalInput } from './schemas.ts';
import type { PostingBooks } from './store.ts';
import { journalView, type JournalView } from './views.ts';

/**
 * Post, Void, Adjust and Reverse. The books commit a posting with the journal's new state, in one
 * transaction or, for a wide one, as a job (posting-jobs.ts), which the same request, sent again
 * after a failure, finishes. What a posting adds to the balances (posting-figures.ts postingFigures) is
 * worked out here and handed to the books.
 */

/** The journal at the version read, narrowed to the states `action` applies to. */
function checkFor<A extends JournalAction>(journal: JournalRecord, version: number, action: A, byService = false) {
  if (journal.version !== version) throw new VersionConflict();
  checkTransition(journal, action, byService);
  return journal;
}

const now = () => new Date().toISOString();

/**
 * A read started alongside the journal's (a round trip less), awaited only after the journal's
 * own checks, so its errors still come after theirs; unawaited when they fail, so marked handled.
 */
function alongside<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}

/** Finishes a job under way and answers the journal's final state. */
function finishOwnJob(books: PostingBooks, uow: UnitOfWork, companyId: string, journal: InProgressJournal): Promise<JournalView> {
  return books.postingFinished(uow, companyId, journal, jobFigures(journal), journalView);
}

/**
 * Finishes a job whose request is gone, as that request would have: the journal's final state,
 * answering what the request would have answered (for a reversal, the reversing journal, its
 * event recording the original). Errors: those of Books.postingFinished.
 */
export async function finishAbandonedJob(books: PostingBooks, uow: UnitOfWork, companyId: string, journal: InProgressJournal): Promise<JournalView> {
  if (!isReversalJob(journal)) return finishOwnJob(books, uow, companyId, journal);
  const original = await books.existingJournal(companyId, journal.reversalOf!);
  return reversalFinished(books, uow, companyId, journal, original);
}

/** A reversal's job finished: the reversing journal posted and answered, the event recording the original (as every JournalReversed does). */
function reversalFinished(books: PostingBooks, uow: UnitOfWork, companyId: string, journal: InProgressJournal, original: JournalRecord): Promise<JournalView> {
  return books.postingFinished(uow, companyId, journal, jobFigures(journal), journalView, journalView(original));
}

/**
 * Posts a draft into the open period containing `postingDate`: status, balances and the
 * "period still open" check commit in one transaction, or for a wide journal as a job. A journal
 * the approval policy holds must hold the approval it asks (approve-journal.ts).
 * Errors: NotFound, VersionConflict, StateConflict (InvalidState, RevaluationJournal, PeriodNotOpen, ApprovalRequired,
 * InactiveCostCenter, PostingInProgress), ValidationError (Unbalanced, TooFewLines, NoFinancialYear,
 * OutsideClosingPeriod: a closing journal posts into its year's last period, posting-checks.ts).
 */
export async function postJournal(books: PostingBooks, uow: UnitOfWork, companyId: string, journalId: string, input: PostJournalInput, byService = false): Promise<JournalView> {
  const periodLookup = alongside(books.openPeriod(companyId, input.postingDate));
  // The service's own postings (a revaluation) are not held by approval.
  const policyRead = byService ? Promise.resolve(undefined) : alongside(books.approvalPolicy(companyId));
  const journal = await books.existingJournal(companyId, journalId);
  if (isInProgress(journal)) {
    checkResumes(journal, 'Post', input.version);
    return finishOwnJob(books, uow, companyId, journal);
  }
  const before = checkFor(journal, input.version, 'Post', byService);
  checkBalanced(before.entries);
  await checkPostable(books, companyId, before, input.postingDate);
  const policy = await policyRead;
  // The approval rules load with the first company that has any.
  if (policy && policy.rules.length > 0) await (await import('./approval-facts.ts')).checkPostable(books, companyId, before, policy);
  const into = await periodLookup;
  const posting: Posting = { postingDate: input.postingDate, financialYearId: into.year.id, periodId: into.period.id };
  const at = now();
  const after: PostedJournal = { ...before, ...posting, status: 'posted', version: before.version + 1, updatedAt: at, updatedBy: uow.actor, postedBy: uow.actor, postedAt: at, ...(policy ? { approvalPolicyVersion: policy.version } : {}) };
  return books.posted(uow, companyId, before, after, into, postingFigures(after.entries, 1), journalView);
}

/**
 * Voids a journal. A draft is simply discarded; a posted journal's effect is taken off the
 * balances of the period it was posted into, which must still be open.
 * Errors: NotFound, VersionConflict, StateConflict (InvalidState, RevaluationJournal, ReversalIsFinal, PeriodNotOpen, PostingInProgress).
 */
export async function voidJournal(books: PostingBooks, uow: UnitOfWork, companyId: string, journalId: string, version: number): Promise<JournalView> {
  const journal = await books.existingJournal(companyId, journalId);
  if (isInProgress(journal)) {
    checkResumes(journal, 'Void', version);
    return finishOwnJob(books, uow, companyId, journal);
  }
  const before = checkFor(journal, version, 'Void');
  const at = now();
  const after: VoidedJournal = { ...before, status: 'voided', version: before.version + 1, updatedAt: at, updatedBy: uow.actor, voidedBy: uow.actor, voidedAt: at };
  if (before.status !== 'posted') return books.saved(uow, companyId, before, after, journalView(after));
  return books.unposted(uow, companyId, before, after, postingFigures(before.entries, -1), journalView);
}

/**
 * Adjusts a posted journal: its effect comes off the balances of the period it was posted
 * into (which must still be open) and it returns to draft, keeping its serial number, to be
 * updated and posted again. Errors: NotFound, VersionConflict, StateConflict (InvalidState, RevaluationJournal,
 * ReversalIsFinal, PeriodNotOpen, PostingInProgress).
 */
export async function adjustJournal(books: PostingBooks, uow: UnitOfWork, companyId: string, journalId: string, version: number): Promise<JournalView> {
  const journal = await books.existingJournal(companyId, journalId);
  if (isInProgress(journal)) {
    checkResumes(journal, 'Adjust', version);
    return finishOwnJob(books, uow, companyId, journal);
  }
  const before = checkFor(journal, version, 'Adjust');
  // A draft again: its posting, and the approval it was posted with, are history (its next posting needs its own).
  const { postingDate: _date, financialYearId: _year, periodId: _period, postedBy: _by, postedAt: _at, submittedBy: _asked, submittedAt: _askedAt, approvals: _given, approvalPolicyVersion: _policy, ...fields } = before;
  const after: DraftJournal = { ...fields, status: 'draft', version: before.version + 1, updatedAt: now(), updatedBy: uow.actor };
  return books.unposted(uow, companyId, before, after, postingFigures(before.entries, -1), journalView);
}

/**
 * Reverses a posted journal: a new posted journal with the sides swapped, dated and posted on
 * `postingDate` (an open period), and the original marked reversed, in one transaction (for a
 * wide journal, the reversal's posting runs as a job; sending the Reverse again finishes it).
 * Returns the reversing journal, whose `reversalOf` names the original (now `reversed`, its
 * `reversedBy` naming the reversal).
 * Errors: NotFound, VersionConflict, StateConflict (InvalidState, RevaluationJournal, ReversalIsFinal, PeriodNotOpen), ValidationError (NoFinancialYear, OutsideClosingPeriod).
 */
export async function reverseJournal(books: PostingBooks, uow: UnitOfWork, companyId: string, journalId: string, input: ReverseJournalInput, byService = false): Promise<JournalView> {
  const periodLookup = alongside(books.openPeriod(companyId, input.postingDate));
  const journal = await books.existingJournal(companyId, journalId);
  const unfinished = journal.status === 'reversed' && journal.version === input.version + 1 ? await books.journal(companyId, journal.reversedBy) : undefined;
  if (unfinished && isInProgress(unfinished)) {
    return reversalFinished(books, uow, companyId, unfinished, journal);
  }

  const original = checkFor(journal, input.version, 'Reverse', byService);
  await checkReversalDate(books, companyId, original, input.postingDate);
  const into = await periodLookup;
  const reversalId = randomUUID();
  const reversal: PostedJournal = {
    id: reversalId,
    serialNumber: await books.nextSerial(companyId),
    date: `${input.postingDate}T00:00:00Z`,
    calendarDate: input.postingDate,
    description: input.description ?? `Reversal of journal ${original.serialNumber}`,
    reference: original.reference,
    entries: swapSides(original.entries),
    status: 'posted',
    postingDate: input.postingDate,
    financialYearId: into.year.id,
    periodId: into.period.id,
    reversalOf: original.id,
    ...(original.revaluationDate ? { revaluationDate: original.revaluationDate } : {}),
    version: 1,
    createdAt: now(),
    updatedAt: now(),
    createdBy: uow.actor,
    editedBy: uow.actor,
    updatedBy: uow.actor,
    postedBy: uow.actor,
    postedAt: now(),
  };
  const reversed: ReversedJournal = { ...original, status: 'reversed', reversedBy: reversalId, version: original.version + 1, updatedAt: now(), updatedBy: uow.actor };
  // Its event records the original, now reversed (audit/book-changes.ts reads the reversal through its reversedBy).
  return books.reversed(uow, companyId, { before: original, after: reversed }, reversal, into, postingFigures(reversal.entries, 1), journalView, journalView(reversed));
}
