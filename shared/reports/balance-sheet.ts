import { TOTAL_GROUP, type AccountSums } from '../balances/records.ts';
import { ValidationError } from '../errors.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { isProfitOrLoss, type Classification } from './account-tree.ts';
import { balancesThroughDates, dayBefore, formatter, net } from './figures.ts';
import { reportContext, type ReportContext } from './report-context.ts';
import { checkInYear, yearContaining } from './report-range.ts';
import type { BalanceSheetInput, KnownAtInput } from './schemas.ts';
import type { BooksKnownAt } from '../audit/known-at.ts';
import { knownAtMoment } from './known-at-moment.ts';
import { whileBooksSteady } from './steady-books.ts';
import { statementSection } from './statement-section.ts';
import { knownAtEcho } from './known-at-echo.ts';
import type { BalanceSheetReads } from './store.ts';

export type BalanceSheet = ResponseOf<'BalanceSheetResponse'>;

/**
 * Assets, liabilities and equity as of the end of a date (and of a comparison date, or of up to
 * 12 `dates`, one column each), from the
 * running balances. Revenue and expense not yet closed to retained earnings appear as two
 * equity lines, this financial year's and earlier years', so assets equal liabilities plus
 * equity exactly; never read while a wide posting runs (steady-books.ts). With `knownAt`, as the
 * books stood at that instant (audit/known-at.ts).
 * Errors: ValidationError (NoFinancialYear naming `date`, `compareDate` or `dates[i]`; date and dates), BooksInMotion.
 */
export function balanceSheet(books: BalanceSheetReads, companyId: string, query: BalanceSheetInput & KnownAtInput): Promise<BalanceSheet> {
  return whileBooksSteady(books, companyId, (known) => readBalanceSheet(books, companyId, query, known), { consistent: (bs) => bs.totals.assets.every((a, i) => a === bs.totals.liabilitiesAndEquity[i]), moment: knownAtMoment(books, companyId, query.knownAt) });
}

async function readBalanceSheet(books: BalanceSheetReads, companyId: string, query: BalanceSheetInput & KnownAtInput, known: BooksKnownAt | undefined): Promise<BalanceSheet> {
  const dates = datesOf(query);
  const ctx = await reportContext(books, companyId, known);
  dates.forEach((date, i) => checkInYear(date, ctx.years, query.dates ? `dates[${i}]` : i === 0 ? 'date' : 'compareDate'));
  // Every column's date and the day before its year, read together (columns of one year share the latter).
  const yearStarts = dates.map((date) => yearContaining(date, ctx.years)!.startDate);
  const read = await balancesThroughDates(companyId, ctx, [...dates, ...yearStarts.map(dayBefore)], { kind: 'total' });
  const through = (date: string): AccountSums => read.get(date)!.get(TOTAL_GROUP) ?? new Map();
  const columns = dates.map((date, i) => column(ctx, through(dayBefore(yearStarts[i]!)), through(date)));

  const fixed = formatter(ctx);
  // Assets read debit minus credit; liabilities and equity credit minus debit.
  const section = (classification: Classification) =>
    statementSection(ctx, classification, columns.length, (leaf, i) => (classification === 'asset' ? 1n : -1n) * net(columns[i]!.through.get(leaf.id)));
  const assets = section('asset');
  const liabilities = section('liability');
  const equity = section('equity');
  const equityTotals = columns.map((c, i) => equity.totals[i]! + c.currentYear + c.earlierYears);
  return {
    knownAt: knownAtEcho(query.knownAt),
    currency: ctx.currency,
    columns: dates.map((date) => ({ dateFrom: null, dateTo: date, scope: 'company' as const, costCenter: null })),
    assets: assets.rows,
    liabilities: liabilities.rows,
    equity: equity.rows,
    currentYearEarnings: columns.map((c) => fixed(c.currentYear)),
    earlierYearsEarnings: columns.map((c) => fixed(c.earlierYears)),
    totals: {
      assets: assets.totals.map(fixed),
      liabilities: liabilities.totals.map(fixed),
      equity: equityTotals.map(fixed),
      liabilitiesAndEquity: equityTotals.map((e, i) => fixed(e + liabilities.totals[i]!)),
    },
  };
}

/** The columns' dates: `dates`, or `date` and an optional `compareDate`. Errors: ValidationError naming the field. */
function datesOf(query: BalanceSheetInput): string[] {
  if (query.dates) {
    if (query.date || query.compareDate) throw ValidationError.field('dates', 'give either dates or date (and compareDate), not both');
    return query.dates;
  }
  if (!query.date) throw ValidationError.field('date', 'is required (or give dates)');
  return [query.date, ...(query.compareDate ? [query.compareDate] : [])];
}

/** The balances through a column's date, and the unclosed profit (credit minus debit of revenue and expense) of its year and of earlier years. */
function column(ctx: ReportContext, earlier: AccountSums, all: AccountSums) {
  let currentYear = 0n;
  let earlierYears = 0n;
  for (const account of ctx.chart.values()) {
    if (account.type !== 'leaf' || !isProfitOrLoss(account)) continue;
    earlierYears -= net(earlier.get(account.id));
    currentYear -= net(all.get(account.id)) - net(earlier.get(account.id));
  }
  return { through: all, currentYear, earlierYears };
}
