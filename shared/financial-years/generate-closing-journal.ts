import { randomUUID } from 'node:crypto';
import { whileBooksSteady } from '../reports/steady-books.ts';
import { classificationOf } from '../accounts/view.ts';
import { getSettings } from '../companies/settings.ts';
import { TOTAL_GROUP } from '../balances/records.ts';
import type { DraftJournal } from '../journals/records.ts';
import type { Cover } from '../reports/cover.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { StateConflict } from '../errors.ts';
import { journalView, type JournalView } from '../journals/views.ts';
import { closingLines, MAX_CLOSING_LINES, type AccountNet } from './closing-rules.ts';
import type { ClosingJournalWriting } from './store.ts';
import { operationNamed, WAY_OUT_UPDATE_SETTINGS } from '../schemas/api-paths.ts';

/**
 * Generates the year's closing journal, as a draft dated the last day of the year: it moves
 * every revenue and expense balance of the year to the retained earnings account of the
 * company settings. One per year: while the one generated is not voided, calling again returns
 * it. Errors: NotFound, StateConflict (InvalidState, RetainedEarningsNotSet, NothingToClose,
 * TooManyAccounts), VersionConflict.
 */
export async function generateClosingJournal(books: ClosingJournalWriting, uow: UnitOfWork, companyId: string, yearId: string): Promise<JournalView> {
  const year = await books.get(companyId, yearId);
  if (year.status !== 'open') throw new StateConflict('InvalidState', 'The financial year is closed: its closing journal was posted before it closed (GET its closingJournalId).');
  const existing = year.closingJournalId ? await books.journal(companyId, year.closingJournalId) : undefined;
  if (existing && existing.status !== 'voided') return uow.commit([], journalView(existing));

  // The books' period count tells the store to read every period's items at once when the year
  // holds most of them (a young company), not one query a period; read beside the settings, once.
  const [settings, booksPeriods] = await Promise.all([getSettings(books, companyId), books.years(companyId).then((years) => years.reduce((n, y) => n + y.periods.length, 0))]);
  if (!settings.retainedEarningsAccountId) {
    throw new StateConflict('RetainedEarningsNotSet', `Set retainedEarningsAccountId in the company settings first (${operationNamed(WAY_OUT_UPDATE_SETTINGS(), { companyId })}): the closing journal moves the year's profit to it.`, 'retainedEarningsAccountId');
  }
  // Closing a half-applied wide posting would close figures that are not the year's.
  const nets = await whileBooksSteady(books, companyId, () => profitAndLossNets(books, companyId, { periods: year.periods.map((p) => p.id), booksPeriods }));
  const lines = closingLines(nets, settings.retainedEarningsAccountId, settings.decimalPrecision).map((line) => ({ ...line, currency: settings.baseCurrency }));
  if (lines.length === 0) throw new StateConflict('NothingToClose', 'No revenue or expense account has a balance in this year, so there is nothing to close: the year closes without a closing journal.');
  if (lines.length > MAX_CLOSING_LINES) {
    throw new StateConflict('TooManyAccounts', `Closing needs more than ${MAX_CLOSING_LINES} lines (one per revenue or expense account and cost center with a balance).`);
  }

  const id = randomUUID();
  const now = new Date().toISOString();
  // Revenue and expense accounts with balances are already named by posted journals, so only
  // the retained earnings account needs its reference recorded.
  const retained = lines.filter((l) => l.accountId === settings.retainedEarningsAccountId);
  const journal: DraftJournal = {
    id,
    serialNumber: await books.drawSerial(companyId),
    date: `${year.endDate}T00:00:00Z`,
    calendarDate: year.endDate,
    description: `Closing journal of ${year.name}`,
    entries: lines,
    closingOf: year.id,
    status: 'draft',
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: uow.actor,
    editedBy: uow.actor,
    updatedBy: uow.actor,
  };
  return uow.commit(books.draftChanges(companyId, journal, year, retained), journalView(journal));
}

/**
 * Net (debit minus credit) over the periods of every revenue and expense account with a
 * balance: per cost center, and the part booked without one (the account's total less its
 * cost centers').
 */
async function profitAndLossNets(books: ClosingJournalWriting, companyId: string, cover: Cover): Promise<AccountNet[]> {
  const [totals, centers] = await Promise.all([books.sums(companyId, cover, { kind: 'total' }), books.sums(companyId, cover, { kind: 'byCostCenter' })]);
  const net = (s: { debit: bigint; credit: bigint }) => s.debit - s.credit;
  const nets: AccountNet[] = [];
  const withoutCenter = new Map([...(totals.get(TOTAL_GROUP) ?? new Map<string, { debit: bigint; credit: bigint }>())].map(([accountId, s]) => [accountId, net(s)]));
  for (const [costCenterId, byAccount] of centers) {
    for (const [accountId, s] of byAccount) {
      nets.push({ accountId, costCenterId, net: net(s) });
      withoutCenter.set(accountId, (withoutCenter.get(accountId) ?? 0n) - net(s));
    }
  }
  for (const [accountId, n] of withoutCenter) nets.push({ accountId, costCenterId: null, net: n });
  const records = await books.accounts.getMany(companyId, [...withoutCenter.keys()]);
  const chains = await books.accounts.chains(companyId, records);
  const profitAndLoss = new Set(records.filter((r) => ['revenue', 'expense'].includes(classificationOf(chains.get(r.id)!))).map((r) => r.id));
  return nets.filter((n) => profitAndLoss.has(n.accountId));
}
