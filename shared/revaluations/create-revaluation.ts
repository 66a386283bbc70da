import { randomUUID } from 'node:crypto';
import { getSettings } from '../companies/settings.ts';
import { TOTAL_GROUP } from '../balances/records.ts';
import { rateInEffect } from '../db/exchange-rate-store.ts';
import { drawSerial, putNewJournalOp } from '../db/journal-store.ts';
import type { DraftJournal } from '../journals/records.ts';
import { transactWrite } from '../db/transact.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { AppError, StateConflict, ValidationError } from '../errors.ts';
import { addDays } from '../financial-years/dates.ts';
import { findOpenPeriod } from '../journals/find-period.ts';
import { postJournal, reverseJournal } from '../journals/post-journal.ts';
import { referenceOps } from '../journals/reference-ops.ts';
import { MAX_LINES } from '../journals/rules.ts';
import { formatTotal } from '../money/amount.ts';
import { minorUnits } from '../money/currencies.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { balancesThrough } from '../reports/figures.ts';
import { reportContext, type ReportContext } from '../reports/report-context.ts';
import { whileBooksSteady } from '../reports/steady-books.ts';
import { revaluationLines, revalue, type CurrencyHolding, type Revalued } from './rules.ts';
import type { CreateRevaluationInput } from './schemas.ts';

export type RevaluationView = ResponseOf<'RevaluationResponse'>;

/**
 * Revalues, at `date`, every foreign-currency balance of an asset or liability account: posts
 * one journal on `date` bringing the base each (account, currency) carries to its foreign
 * balance at the rate in effect, against settings unrealizedFxGainLossAccountId, and its
 * reversal on the next day, both through the ordinary posting path. With dryRun, answers the
 * same figures and writes nothing. Errors: ValidationError (NoExchangeRate, NoFinancialYear,
 * TooManyAccounts) naming `date`; StateConflict (UnrealizedFxGainLossNotSet, PeriodNotOpen naming
 * `date`, BooksInMotion), and those of postJournal and reverseJournal.
 */
export async function createRevaluation(uow: UnitOfWork, companyId: string, input: CreateRevaluationInput): Promise<RevaluationView> {
  const { date } = input;
  const dryRun = input.dryRun ?? false;
  const settings = await getSettings(companyId);
  const gainLossAccountId = settings.unrealizedFxGainLossAccountId;
  if (!dryRun && !gainLossAccountId) {
    throw new StateConflict('UnrealizedFxGainLossNotSet', 'Set unrealizedFxGainLossAccountId in the company settings first: revaluation differences are posted to it.', 'unrealizedFxGainLossAccountId');
  }
  const reversalDate = addDays(date, 1);
  if (!dryRun) await Promise.all([openPeriodOf(companyId, date, 'the revaluation'), openPeriodOf(companyId, reversalDate, 'its reversal')]);

  const ctx = await reportContext(companyId);
  const holdings = await whileBooksSteady(companyId, () => holdingsAt(companyId, ctx, date));
  const revalued = await Promise.all(
    holdings.map(async (h) => {
      const rate = (await rateInEffect(companyId, h.currency, date))?.rate;
      if (!rate) throw ValidationError.field('date', `no exchange rate for ${h.currency} on or before ${date}`, 'NoExchangeRate');
      return revalue(h, rate, settings.decimalPrecision);
    }),
  );
  const answer = (journalId: string | null, reversalId: string | null): RevaluationView => ({ date, dryRun, journalId, reversalId, accounts: revalued.map((r) => rowView(r, settings.decimalPrecision)) });

  const lines = gainLossAccountId ? revaluationLines(revalued, gainLossAccountId, settings.baseCurrency, settings.decimalPrecision) : [];
  // A dry run, or nothing to adjust: nothing is written (not even the event).
  if (dryRun || lines.length === 0) return answer(null, null);
  if (lines.length > MAX_LINES) throw ValidationError.field('date', `revaluing at ${date} needs more than ${MAX_LINES} lines`, 'TooManyAccounts');

  const now = new Date().toISOString();
  const draft: DraftJournal = {
    id: randomUUID(),
    serialNumber: await drawSerial(companyId),
    date: `${date}T00:00:00Z`,
    calendarDate: date,
    description: `Revaluation at ${date}`,
    reference: `REVALUATION-${date}`,
    entries: lines,
    status: 'draft',
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  // The revalued accounts are named by the posted journals that gave them their balances; only
  // the gain and loss account's reference needs recording.
  const gainLoss = lines.filter((l) => l.accountId === gainLossAccountId);
  await transactWrite([putNewJournalOp(companyId, draft), ...referenceOps(companyId, draft.id, gainLoss, [])]);
  // The ordinary posting path: a wide revaluation runs as a job. Each step commits its own
  // writes; the request's commit records the answer and the event.
  const steps: UnitOfWork = { actor: uow.actor, commit: async (ops, response) => (await transactWrite(ops), response) };
  await postJournal(steps, companyId, draft.id, { postingDate: date, version: 1 });
  const reversed = await reverseJournal(steps, companyId, draft.id, { postingDate: reversalDate, version: 2, description: `Reversal of the revaluation at ${date}` });
  return uow.commit([], answer(draft.id, reversed.reversedBy));
}

/**
 * Every (account, currency) of an asset or liability account with a non-zero balance in the
 * currency through `date`, with the base its lines carry, from the running balances.
 */
async function holdingsAt(companyId: string, ctx: ReportContext, date: string): Promise<CurrencyHolding[]> {
  const byCurrency = await balancesThrough(companyId, ctx, date, { kind: 'currencies' });
  const holdings: CurrencyHolding[] = [];
  for (const [currency, byAccount] of byCurrency) {
    if (currency === TOTAL_GROUP) continue;
    for (const [accountId, s] of byAccount) {
      const classification = ctx.chart.get(accountId)?.classification;
      if (classification !== 'asset' && classification !== 'liability') continue;
      const foreign = s.debit - s.credit;
      if (foreign !== 0n) holdings.push({ accountId, currency, foreign, base: (s.baseDebit ?? 0n) - (s.baseCredit ?? 0n) });
    }
  }
  return holdings.sort((a, b) => (a.accountId === b.accountId ? (a.currency < b.currency ? -1 : 1) : (ctx.chart.get(a.accountId)!.code < ctx.chart.get(b.accountId)!.code ? -1 : 1)));
}

/** The open period of `day`, its errors naming `date` (the request's only date). */
async function openPeriodOf(companyId: string, day: string, what: string): Promise<void> {
  try {
    await findOpenPeriod(companyId, day);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const [detail] = error.items;
    const reason = `${what} posts on ${day}: ${detail?.reason ?? 'no open period'}`;
    throw error.status === 409 ? new StateConflict(detail?.code ?? 'PeriodNotOpen', reason, 'date') : ValidationError.field('date', reason, detail?.code);
  }
}

function rowView(r: Revalued, basePrecision: number) {
  const base = (mils: bigint) => formatTotal(mils, basePrecision);
  return {
    accountId: r.accountId,
    currency: r.currency,
    foreignBalance: formatTotal(r.foreign, minorUnits(r.currency)),
    rate: r.rate,
    baseBefore: base(r.base),
    baseAfter: base(r.target),
    difference: base(r.difference),
  };
}
