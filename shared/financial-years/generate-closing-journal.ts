import { randomUUID } from 'node:crypto';
import { accounts, classificationOf } from '../accounts/account-kind.ts';
import { getSettings } from '../companies/settings.ts';
import { readPeriodAccountTotals } from '../db/balance-store.ts';
import { drawSerial, getJournal, putNewJournalOp, type DraftJournal } from '../db/journal-store.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { mustGetYear, setClosingJournalOp } from '../db/year-store.ts';
import { StateConflict } from '../errors.ts';
import { referenceOps } from '../journals/reference-ops.ts';
import { MAX_LINES } from '../journals/rules.ts';
import { journalView, type JournalView } from '../journals/views.ts';
import { closingLines, type AccountNet } from './closing-rules.ts';

/**
 * Generates the year's closing journal, as a draft dated the last day of the year: it moves
 * every revenue and expense balance of the year to the retained earnings account of the
 * company settings. One per year: while the one generated is not voided, calling again returns
 * it. Errors: NotFound, StateConflict (InvalidState, RetainedEarningsNotSet, NothingToClose,
 * TooManyAccounts), VersionConflict.
 */
export async function generateClosingJournal(uow: UnitOfWork, companyId: string, yearId: string): Promise<JournalView> {
  const year = await mustGetYear(companyId, yearId);
  if (year.status !== 'open') throw new StateConflict('InvalidState', 'The financial year is closed.');
  const existing = year.closingJournalId ? await getJournal(companyId, year.closingJournalId) : undefined;
  if (existing && existing.status !== 'voided') return uow.commit([], journalView(existing));

  const settings = await getSettings(companyId);
  if (!settings.retainedEarningsAccountId) {
    throw new StateConflict('RetainedEarningsNotSet', 'Set retainedEarningsAccountId in the company settings first.', 'retainedEarningsAccountId');
  }
  const nets = await profitAndLossNets(companyId, year.periods.map((p) => p.id));
  const lines = closingLines(nets, settings.retainedEarningsAccountId, settings.decimalPrecision);
  if (lines.length === 0) throw new StateConflict('NothingToClose', 'No revenue or expense account has a balance in this year.');
  if (lines.length > MAX_LINES) {
    throw new StateConflict('TooManyAccounts', 'More revenue and expense accounts have balances than one journal can close.');
  }

  const id = randomUUID();
  const now = new Date().toISOString();
  // Revenue and expense accounts with balances are already named by posted journals, so only
  // the retained earnings account needs its reference recorded.
  const retained = lines.filter((l) => l.accountId === settings.retainedEarningsAccountId);
  const journal: DraftJournal = {
    id,
    serialNumber: await drawSerial(companyId),
    date: `${year.endDate}T00:00:00Z`,
    calendarDate: year.endDate,
    description: `Closing journal of ${year.name}`,
    entries: lines,
    status: 'draft',
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  return uow.commit(
    [putNewJournalOp(companyId, journal), setClosingJournalOp(companyId, year, id), ...referenceOps(companyId, id, retained, [])],
    journalView(journal),
  );
}

/** Net (debit minus credit) over the periods of every revenue and expense account with a balance. */
async function profitAndLossNets(companyId: string, periodIds: string[]): Promise<AccountNet[]> {
  const nets = new Map<string, bigint>();
  for (const periodId of periodIds) {
    for (const [accountId, t] of await readPeriodAccountTotals(companyId, periodId)) {
      nets.set(accountId, (nets.get(accountId) ?? 0n) + t.debit - t.credit);
    }
  }
  const records = await accounts.store.getMany(companyId, [...nets.keys()]);
  const chains = await accounts.store.chains(companyId, records);
  return records
    .filter((r) => ['revenue', 'expense'].includes(classificationOf(chains.get(r.id)!)))
    .map((r) => ({ accountId: r.id, net: nets.get(r.id)! }));
}
