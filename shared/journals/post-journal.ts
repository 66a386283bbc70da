import { randomUUID } from 'node:crypto';
import { pickLane, pickShard } from '../db/ledger/balance-store.ts';
import { drawSerial, getJournal, mustGetJournal, putNewJournalOp, replaceJournalOp } from '../db/ledger/journal-store.ts';
import type { DraftJournal, InProgressJournal, JournalRecord, Posting, PostedJournal, ReversedJournal, VoidedJournal } from './records.ts';
import type { LedgerJournal } from './ledger-entries.ts';
import { fitsOneTransaction, transactWrite } from '../db/table/transact.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import { withEventSpread } from '../db/table/unit-of-work.ts';
import { VersionConflict } from '../errors.ts';
import type { EventType } from '../events/event-types.ts';
import { checkPostable, checkReversalDate } from './closing-journal.ts';
import { findOpenPeriod, periodTakesPosting, postingPeriodCheckOp } from './find-period.ts';
import { carriesCurrencies, checkBalanced, checkTransition, swapSides, type JournalAction } from './rules.ts';
import type { PostJournalInput, ReverseJournalInput } from './schemas.ts';
import { journalView, type JournalView } from './views.ts';
import { checkResumes, finishJob, isInProgress, postingItemOps, startJobOps, withJob } from './wide-posting.ts';

/**
 * Post, Void, Adjust and Reverse. A posting whose balance and ledger writes fit one
 * transaction commits in it with the journal's new state; a wider one runs as a job of chunks
 * (wide-posting.ts), which the same request, sent again after a failure, finishes.
 */

/** The journal at the version read, narrowed to the states `action` applies to. */
function checkFor<A extends JournalAction>(journal: JournalRecord, version: number, action: A, byService = false) {
  if (journal.version !== version) throw new VersionConflict();
  checkTransition(journal, action, byService);
  return journal;
}

/** The posting's effect on balances and ledgers taken back, with the "period still open" check. */
function takeBackOps(companyId: string, journal: LedgerJournal & Posting): Change[] {
  return [postingPeriodCheckOp(companyId, journal.financialYearId, journal.periodId, journal.balanceShard), ...postingItemOps(companyId, journal, -1)];
}

/**
 * Commits a new posting with what its period takes (periodTakesPosting): its check, or none under
 * the period's pin, and the pin taken or renewed beside the commit; its event spread under the year's.
 */
async function commitPosting(uow: UnitOfWork, ops: Change[], taking: ReturnType<typeof periodTakesPosting>, view: JournalView): Promise<JournalView> {
  const [answer] = await Promise.all([uow.commit(withEventSpread([...ops, ...taking.checks], taking.spreadEvent), view), taking.pin?.()]);
  return answer;
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

/** The final states a job leaves a journal in. */
function posted(journal: InProgressJournal): PostedJournal {
  const { job: _job, ...fields } = journal;
  return { ...fields, status: 'posted', updatedAt: now() };
}
function voided(journal: InProgressJournal): VoidedJournal {
  const { job: _job, ...fields } = journal;
  return { ...fields, status: 'voided', updatedAt: now() };
}
function draftAgain(journal: InProgressJournal): DraftJournal {
  const { job: _job, postingDate: _date, financialYearId: _year, periodId: _period, balanceShard: _shard, balanceLane: _lane, ...fields } = journal;
  return { ...fields, status: 'draft', updatedAt: now() };
}
const FINAL = { Post: posted, Void: voided, Adjust: draftAgain } as const;

/** Finishes a job under way and answers the journal's final state. */
function finishOwnJob(uow: UnitOfWork, companyId: string, journal: InProgressJournal): Promise<JournalView> {
  return finishJob(uow, companyId, journal, (j) => {
    const final = FINAL[j.job.action](j);
    return { final, response: journalView(final) };
  });
}

/** A reversal born as a job (reverseJournal): it has no version before its job. */
const isReversalJob = (journal: InProgressJournal) => journal.reversalOf !== undefined && journal.job.fromVersion === 0;

/** The event a job's request records when it finishes the job. */
export const jobEvent = (journal: InProgressJournal): EventType =>
  isReversalJob(journal) ? 'JournalReversed' : ({ Post: 'JournalPosted', Void: 'JournalVoided', Adjust: 'JournalAdjusted' } as const)[journal.job.action];

/**
 * Finishes a job whose request is gone, as that request would have: the journal's final state,
 * answering what the request would have answered (for a reversal, the original journal).
 * Errors: those of finishJob.
 */
export async function finishAbandonedJob(uow: UnitOfWork, companyId: string, journal: InProgressJournal): Promise<JournalView> {
  if (!isReversalJob(journal)) return finishOwnJob(uow, companyId, journal);
  const original = await mustGetJournal(companyId, journal.reversalOf!);
  return finishJob(uow, companyId, journal, (j) => ({ final: posted(j), response: journalView(original) }));
}

/** Starts a job that takes `before` to its final state, then finishes it. */
async function runJob(uow: UnitOfWork, companyId: string, before: JournalRecord, withPosting: LedgerJournal & Posting & { version: number }, action: 'Post' | 'Void' | 'Adjust') {
  const started = withJob(withPosting, action, uow.actor);
  await transactWrite(startJobOps(companyId, started, replaceJournalOp(companyId, before, started)));
  return finishOwnJob(uow, companyId, started);
}

/**
 * Posts a draft into the open period containing `postingDate`: status, balances and the
 * "period still open" check commit in one transaction, or for a wide journal as a job.
 * Errors: NotFound, VersionConflict, StateConflict (InvalidState, RevaluationJournal, PeriodNotOpen,
 * InactiveCostCenter, PostingInProgress), ValidationError (Unbalanced, TooFewLines, NoFinancialYear,
 * OutsideClosingPeriod: a closing journal posts into its year's last period, closing-journal.ts).
 */
export async function postJournal(uow: UnitOfWork, companyId: string, journalId: string, input: PostJournalInput, byService = false): Promise<JournalView> {
  const periodLookup = alongside(findOpenPeriod(companyId, input.postingDate));
  const journal = await mustGetJournal(companyId, journalId);
  if (isInProgress(journal)) {
    checkResumes(journal, 'Post', input.version);
    return finishOwnJob(uow, companyId, journal);
  }
  const before = checkFor(journal, input.version, 'Post', byService);
  checkBalanced(before.entries);
  await checkPostable(companyId, before, input.postingDate);
  const { year, period } = await periodLookup;
  const posting: Posting = { postingDate: input.postingDate, financialYearId: year.id, periodId: period.id, balanceShard: pickShard(carriesCurrencies(before.entries)), balanceLane: pickLane() };
  const after: PostedJournal = { ...before, ...posting, status: 'posted', version: before.version + 1, updatedAt: now() };
  const taking = periodTakesPosting(companyId, year, period, posting.balanceShard);
  const ops = [replaceJournalOp(companyId, before, after), ...postingItemOps(companyId, after, 1)];
  if (fitsOneTransaction([...ops, ...taking.checks])) return commitPosting(uow, ops, taking, journalView(after));
  return runJob(uow, companyId, before, { ...before, ...posting }, 'Post');
}

/**
 * Voids a journal. A draft is simply discarded; a posted journal's effect is taken off the
 * balances of the period it was posted into, which must still be open.
 * Errors: NotFound, VersionConflict, StateConflict (InvalidState, RevaluationJournal, ReversalIsFinal, PeriodNotOpen, PostingInProgress).
 */
export async function voidJournal(uow: UnitOfWork, companyId: string, journalId: string, version: number): Promise<JournalView> {
  const journal = await mustGetJournal(companyId, journalId);
  if (isInProgress(journal)) {
    checkResumes(journal, 'Void', version);
    return finishOwnJob(uow, companyId, journal);
  }
  const before = checkFor(journal, version, 'Void');
  const after: VoidedJournal = { ...before, status: 'voided', version: before.version + 1, updatedAt: now() };
  if (before.status !== 'posted') return uow.commit([replaceJournalOp(companyId, before, after)], journalView(after));
  const ops = [replaceJournalOp(companyId, before, after), ...takeBackOps(companyId, before)];
  if (fitsOneTransaction(ops)) return uow.commit(ops, journalView(after));
  return runJob(uow, companyId, before, before, 'Void');
}

/**
 * Adjusts a posted journal: its effect comes off the balances of the period it was posted
 * into (which must still be open) and it returns to draft, keeping its serial number, to be
 * updated and posted again. Errors: NotFound, VersionConflict, StateConflict (InvalidState, RevaluationJournal,
 * ReversalIsFinal, PeriodNotOpen, PostingInProgress).
 */
export async function adjustJournal(uow: UnitOfWork, companyId: string, journalId: string, version: number): Promise<JournalView> {
  const journal = await mustGetJournal(companyId, journalId);
  if (isInProgress(journal)) {
    checkResumes(journal, 'Adjust', version);
    return finishOwnJob(uow, companyId, journal);
  }
  const before = checkFor(journal, version, 'Adjust');
  const { postingDate: _date, financialYearId: _year, periodId: _period, balanceShard: _shard, balanceLane: _lane, ...fields } = before;
  const after: DraftJournal = { ...fields, status: 'draft', version: before.version + 1, updatedAt: now() };
  const ops = [replaceJournalOp(companyId, before, after), ...takeBackOps(companyId, before)];
  if (fitsOneTransaction(ops)) return uow.commit(ops, journalView(after));
  return runJob(uow, companyId, before, before, 'Adjust');
}

/**
 * Reverses a posted journal: a new posted journal with the sides swapped, dated and posted on
 * `postingDate` (an open period), and the original marked reversed, in one transaction (for a
 * wide journal, the reversal's posting runs as a job; sending the Reverse again finishes it).
 * Returns the original, whose `reversedBy` names the reversing journal.
 * Errors: NotFound, VersionConflict, StateConflict (InvalidState, RevaluationJournal, ReversalIsFinal, PeriodNotOpen), ValidationError (NoFinancialYear, OutsideClosingPeriod).
 */
export async function reverseJournal(uow: UnitOfWork, companyId: string, journalId: string, input: ReverseJournalInput, byService = false): Promise<JournalView> {
  const periodLookup = alongside(findOpenPeriod(companyId, input.postingDate));
  const journal = await mustGetJournal(companyId, journalId);
  const unfinished = journal.status === 'reversed' && journal.version === input.version + 1 ? await getJournal(companyId, journal.reversedBy) : undefined;
  if (unfinished && isInProgress(unfinished)) return finishJob(uow, companyId, unfinished, (j) => ({ final: posted(j), response: journalView(journal) }));

  const original = checkFor(journal, input.version, 'Reverse', byService);
  await checkReversalDate(companyId, original, input.postingDate);
  const { year, period } = await periodLookup;
  const reversalId = randomUUID();
  const reversal: PostedJournal = {
    id: reversalId,
    serialNumber: await drawSerial(companyId),
    date: `${input.postingDate}T00:00:00Z`,
    calendarDate: input.postingDate,
    description: input.description ?? `Reversal of journal ${original.serialNumber}`,
    reference: original.reference,
    entries: swapSides(original.entries),
    status: 'posted',
    postingDate: input.postingDate,
    financialYearId: year.id,
    periodId: period.id,
    balanceShard: pickShard(carriesCurrencies(original.entries)),
    balanceLane: pickLane(),
    reversalOf: original.id,
    ...(original.revaluationDate ? { revaluationDate: original.revaluationDate } : {}),
    version: 1,
    createdAt: now(),
    updatedAt: now(),
  };
  const reversed: ReversedJournal = { ...original, status: 'reversed', reversedBy: reversalId, version: original.version + 1, updatedAt: now() };
  const markReversed = replaceJournalOp(companyId, original, reversed);
  const taking = periodTakesPosting(companyId, year, period, reversal.balanceShard);
  const ops = [putNewJournalOp(companyId, reversal), markReversed, ...postingItemOps(companyId, reversal, 1)];
  if (fitsOneTransaction([...ops, ...taking.checks])) return commitPosting(uow, ops, taking, journalView(reversed));

  // Born as a job: the reversal shows `posting` until its last chunk.
  const started = withJob({ ...reversal, version: 0 }, 'Post', uow.actor);
  await transactWrite([...startJobOps(companyId, started, putNewJournalOp(companyId, started)), markReversed]);
  return finishJob(uow, companyId, started, (j) => ({ final: posted(j), response: journalView(reversed) }));
}
