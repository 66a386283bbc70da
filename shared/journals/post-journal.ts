import { randomUUID } from 'node:crypto';
import { balanceOps, pickShard } from '../db/balance-store.ts';
import { drawSerial, mustGetJournal, putNewJournalOp, replaceJournalOp, type DraftJournal, type Posting, type PostedJournal, type ReversedJournal, type VoidedJournal } from '../db/journal-store.ts';
import { ledgerOps, type LedgerJournal } from '../db/ledger-store.ts';
import type { WriteOp } from '../db/transact.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { openPeriodCheckOp } from '../db/year-store.ts';
import { VersionConflict } from '../errors.ts';
import { checkCostCentersActive } from './check-cost-centers.ts';
import { findOpenPeriod } from './find-period.ts';
import { balanceDeltas, checkBalanced, checkTransition, swapSides, type JournalAction } from './rules.ts';
import type { PostJournalInput, ReverseJournalInput } from './schemas.ts';
import { journalView, type JournalView } from './views.ts';

/** The journal at the version read, narrowed to the states `action` applies to. */
async function loadFor<A extends JournalAction>(companyId: string, journalId: string, version: number, action: A) {
  const journal = await mustGetJournal(companyId, journalId);
  if (journal.version !== version) throw new VersionConflict();
  checkTransition(journal, action);
  return journal;
}

/** The posting's effect on balances and ledgers, added (sign 1) or taken back (sign -1), with the "period still open" check. */
function postingOps(companyId: string, journal: LedgerJournal & Posting, sign: 1 | -1): WriteOp[] {
  return [
    openPeriodCheckOp(companyId, journal.financialYearId, journal.periodId),
    ...balanceOps(companyId, journal, balanceDeltas(journal.entries, sign)),
    ...ledgerOps(companyId, journal, sign),
  ];
}

/**
 * Posts a draft into the open period containing `postingDate`: status, balances and the
 * "period still open" check commit in one transaction. Errors: NotFound, VersionConflict,
 * StateConflict (InvalidState, PeriodNotOpen, InactiveCostCenter), ValidationError (Unbalanced, TooFewLines, NoFinancialYear).
 */
export async function postJournal(uow: UnitOfWork, companyId: string, journalId: string, input: PostJournalInput): Promise<JournalView> {
  const before = await loadFor(companyId, journalId, input.version, 'Post');
  checkBalanced(before.entries);
  await checkCostCentersActive(companyId, before.entries);
  const { year, period } = await findOpenPeriod(companyId, input.postingDate);
  const after: PostedJournal = {
    ...before,
    status: 'posted',
    postingDate: input.postingDate,
    financialYearId: year.id,
    periodId: period.id,
    balanceShard: pickShard(),
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
  };
  return uow.commit([replaceJournalOp(companyId, before, after), ...postingOps(companyId, after, 1)], journalView(after));
}

/**
 * Voids a journal. A draft is simply discarded; a posted journal's effect is taken off the
 * balances of the period it was posted into, which must still be open.
 * Errors: NotFound, VersionConflict, StateConflict (InvalidState, ReversalIsFinal, PeriodNotOpen).
 */
export async function voidJournal(uow: UnitOfWork, companyId: string, journalId: string, version: number): Promise<JournalView> {
  const before = await loadFor(companyId, journalId, version, 'Void');
  const after: VoidedJournal = { ...before, status: 'voided', version: before.version + 1, updatedAt: new Date().toISOString() };
  const ops = [replaceJournalOp(companyId, before, after), ...(before.status === 'posted' ? postingOps(companyId, before, -1) : [])];
  return uow.commit(ops, journalView(after));
}

/**
 * Adjusts a posted journal: its effect comes off the balances of the period it was posted
 * into (which must still be open) and it returns to draft, keeping its serial number, to be
 * updated and posted again. Errors: NotFound, VersionConflict, StateConflict (InvalidState, ReversalIsFinal, PeriodNotOpen).
 */
export async function adjustJournal(uow: UnitOfWork, companyId: string, journalId: string, version: number): Promise<JournalView> {
  const before = await loadFor(companyId, journalId, version, 'Adjust');
  const { postingDate: _date, financialYearId: _year, periodId: _period, balanceShard: _shard, ...fields } = before;
  const after: DraftJournal = { ...fields, status: 'draft', version: before.version + 1, updatedAt: new Date().toISOString() };
  return uow.commit([replaceJournalOp(companyId, before, after), ...postingOps(companyId, before, -1)], journalView(after));
}

/**
 * Reverses a posted journal: a new posted journal with the sides swapped, dated and posted on
 * `postingDate` (an open period), and the original marked reversed, in one transaction. Returns
 * the original, whose `reversedBy` names the reversing journal.
 * Errors: NotFound, VersionConflict, StateConflict (InvalidState, ReversalIsFinal, PeriodNotOpen), ValidationError (NoFinancialYear).
 */
export async function reverseJournal(uow: UnitOfWork, companyId: string, journalId: string, input: ReverseJournalInput): Promise<JournalView> {
  const original = await loadFor(companyId, journalId, input.version, 'Reverse');
  const { year, period } = await findOpenPeriod(companyId, input.postingDate);
  const reversalId = randomUUID();
  const now = new Date().toISOString();
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
    balanceShard: pickShard(),
    reversalOf: original.id,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  const reversed: ReversedJournal = { ...original, status: 'reversed', reversedBy: reversalId, version: original.version + 1, updatedAt: now };
  return uow.commit(
    [putNewJournalOp(companyId, reversal), replaceJournalOp(companyId, original, reversed), ...postingOps(companyId, reversal, 1)],
    journalView(reversed),
  );
}
