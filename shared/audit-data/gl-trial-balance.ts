import { NotFound } from '../errors.ts';
import { checkInYear, checkReportRange, yearContaining } from '../reports/report-range.ts';
import { trialBalance } from '../reports/trial-balance.ts';
import { fiscalYearLabel, periodLabel } from './rules.ts';
import type { GlTrialBalanceInput } from './schemas.ts';
import type { GlTrialBalanceReads } from './store.ts';
import { glAccountBalanceView, type GlAccountBalance } from './views.ts';

/**
 * The trial balance as of `endDate` as the AICPA Audit Data API's GLAccountBalance records: one
 * per leaf account with any figure in the range, its balance at the start of `startDate` (by
 * default the start of the financial year holding `endDate`) and at the end of `endDate`. The
 * trial balance report's figures for the same dates (reports/trial-balance.ts, read the same
 * way: from the running balances, in one steady read), its leaf rows in its order. Budget
 * figures are refused by the query (schemas.ts).
 * Errors: ValidationError (InvalidRange, RangeTooLong, NoFinancialYear), BooksInMotion.
 */
export async function glTrialBalance(books: GlTrialBalanceReads, companyId: string, query: GlTrialBalanceInput): Promise<{ results: GlAccountBalance[] }> {
  const [years, settings] = await Promise.all([books.years(companyId), books.settings(companyId)]);
  if (!settings) NotFound.throw('The company settings');
  checkInYear(query.endDate, years, 'endDate');
  const year = yearContaining(query.endDate, years)!;
  const from = query.startDate ?? year.startDate;
  // Checked here, under the standard's names: the report then finds its range in order.
  checkReportRange(from, query.endDate, years, { from: 'startDate', to: 'endDate' });
  // A year's periods tile it: one holds endDate.
  const period = year.periods.find((p) => p.startDate <= query.endDate && query.endDate <= p.endDate)!;
  const report = await trialBalance(books, companyId, { dateFrom: from, dateTo: query.endDate });
  const labels = { companyId, currency: report.currency, precision: settings.decimalPrecision, asOf: query.endDate, fiscalYear: fiscalYearLabel(year), period: periodLabel(period) };
  return { results: report.rows.filter((r) => r.type === 'leaf').map((r) => glAccountBalanceView(r, labels)) };
}
