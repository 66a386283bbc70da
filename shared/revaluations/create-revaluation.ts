import { getSettings } from '../companies/settings.ts';
import { TOTAL_GROUP } from '../balances/records.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { AppError, StateConflict, ValidationError } from '../errors.ts';
import { addDays } from '../financial-years/dates.ts';
import type { RevaluationCreating, RevaluationPlaces } from './store.ts';
import { MAX_LINES } from '../journals/rules.ts';
import { formatTotal } from '../money/amount.ts';
import { minorUnits } from '../money/currencies.ts';
import { balancesThrough } from '../reports/figures.ts';
import { reportContext, type ReportContext } from '../reports/report-context.ts';
import { whileBooksSteady } from '../reports/steady-books.ts';
import { postRevaluation, type OpenPlace } from './post-revaluation.ts';
import type { RevaluationRow, RevaluationView } from './records.ts';
import { revaluationLines, revalue, type CurrencyHolding, type Revalued } from './rules.ts';
import type { CreateRevaluationInput } from './schemas.ts';
import { operationNamed, WAY_OUT_CREATE_EXCHANGE_RATE, WAY_OUT_UPDATE_SETTINGS } from '../schemas/api-paths.ts';

/**
 * Revalues, at `date`, every foreign-currency balance of an asset or liability account: posts
 * one journal on `date` bringing the base each (account, currency) carries to its foreign
 * balance at the rate in effect, against settings unrealizedFxGainLossAccountId, and its
 * reversal on the next day, never one without the other (post-revaluation.ts). A revaluation of
 * the date left under way by a request that died is finished first and answered (whoever sends
 * it). With dryRun, answers the same figures and writes nothing.
 * Errors: ValidationError (NoExchangeRate, NoFinancialYear, TooManyAccounts) naming `date`;
 * StateConflict (UnrealizedFxGainLossNotSet, PeriodNotOpen naming `date`, BooksInMotion,
 * RevaluationInProgress); VersionConflict when other revaluations of the date keep winning the race.
 */
export async function createRevaluation(port: RevaluationCreating, uow: UnitOfWork, companyId: string, input: CreateRevaluationInput): Promise<RevaluationView> {
  const { date } = input;
  const { books } = port;
  const dryRun = input.dryRun ?? false;
  const settings = await getSettings(port.reports, companyId);
  const gainLossAccountId = settings.unrealizedFxGainLossAccountId;
  if (!dryRun && !gainLossAccountId) {
    throw new StateConflict('UnrealizedFxGainLossNotSet', `Set unrealizedFxGainLossAccountId in the company settings first (${operationNamed(WAY_OUT_UPDATE_SETTINGS(), { companyId })}): revaluation differences are posted to it.`, 'unrealizedFxGainLossAccountId');
  }
  const places = dryRun ? undefined : await Promise.all([openPlace(books, companyId, date, 'the revaluation'), openPlace(books, companyId, addDays(date, 1), 'its reversal')] as const);

  for (let attempt = 1; ; attempt++) {
    // Read before the balances: a revaluation of the date made after this read makes the post fail.
    const day = places && (await port.day(companyId, date));
    // A revaluation left under way by a request that died is rare: its repair loads on that path only.
    if (day?.pending) return (await import('./finish-revaluation.ts')).finishRevaluation(await port.finishing(), uow, companyId, date, day.pending);

    const ctx = await reportContext(port.reports, companyId);
    const holdings = await whileBooksSteady(port.reports, companyId, () => holdingsAt(companyId, ctx, date));
    const revalued = await Promise.all(
      holdings.map(async (h) => {
        const rate = await books.rateOn(companyId, h.currency, date);
        if (!rate) throw ValidationError.field('date', `no exchange rate for ${h.currency} on or before ${date}; add one (${operationNamed(WAY_OUT_CREATE_EXCHANGE_RATE(), { companyId })})`, 'NoExchangeRate');
        return revalue(h, rate, settings.decimalPrecision);
      }),
    );
    const rows = revalued.map((r) => rowView(r, settings.decimalPrecision));
    const lines = gainLossAccountId ? revaluationLines(revalued, gainLossAccountId, settings.baseCurrency, settings.decimalPrecision) : [];
    // A dry run, or nothing to adjust: nothing is written (not even the event).
    if (!places || !day || !gainLossAccountId || lines.length === 0) return { date, dryRun, journalId: null, reversalId: null, accounts: rows };
    if (lines.length > MAX_LINES) throw ValidationError.field('date', `revaluing at ${date} needs more than ${MAX_LINES} lines`, 'TooManyAccounts');
    try {
      return await postRevaluation(port, uow, companyId, { day, lines, rows, gainLossAccountId, places });
    } catch (error) {
      // Another revaluation of the date won: read again, and find its differences already posted.
      if (!port.raced(error) || attempt >= RACE_ATTEMPTS) throw error;
    }
  }
}

/** Tries before a revaluation that keeps losing races to others of its date answers 409. */
const RACE_ATTEMPTS = 3;

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
      if (foreign !== 0n) holdings.push({ accountId, currency, foreign, base: s.base ?? 0n });
    }
  }
  return holdings.sort((a, b) => (a.accountId === b.accountId ? (a.currency < b.currency ? -1 : 1) : (ctx.chart.get(a.accountId)!.code < ctx.chart.get(b.accountId)!.code ? -1 : 1)));
}

/** The open period of `day`, its errors naming `date` (the request's only date). */
async function openPlace(books: RevaluationPlaces, companyId: string, day: string, what: string): Promise<OpenPlace> {
  try {
    return { day, ...(await books.openPeriod(companyId, day)) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const [detail] = error.items;
    const reason = `${what} posts on ${day}: ${detail?.reason ?? 'no open period'}`;
    throw error.status === 409 ? new StateConflict(detail?.code ?? 'PeriodNotOpen', reason, 'date') : ValidationError.field('date', reason, detail?.code);
  }
}

function rowView(r: Revalued, basePrecision: number): RevaluationRow {
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
