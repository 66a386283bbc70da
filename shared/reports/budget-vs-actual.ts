import { TOTAL_GROUP, type BalanceScope, type GroupedSums } from '../balances/records.ts';
import type { BudgetLine } from '../budgets/records.ts';
import { Forbidden, NotFound, StateConflict, ValidationError } from '../errors.ts';
import { toMils } from '../money/mils.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { ChartAccount } from './account-tree.ts';
import { budgetForRange, variance, variancePercent } from './budget-figures.ts';
import { closingJournalsIn, netsOf } from './closing-entries.ts';
import { accountFields, balancesThroughDates, dayBefore, formatter, net } from './figures.ts';
import { columnRanges } from './column-ranges.ts';
import { costCenterFields } from './report-nodes.ts';
import { reportContext, type ReportContext } from './report-context.ts';
import { checkReportRange } from './report-range.ts';
import type { BudgetVsActualInput } from './schemas.ts';
import type { BooksKnownAt } from '../audit/known-at.ts';
import { knownAtMoment } from './known-at-moment.ts';
import { whileBooksSteady } from './steady-books.ts';
import { knownAtEcho } from './known-at-echo.ts';
import type { BudgetVsActualReads } from './store.ts';

export type BudgetVsActual = ResponseOf<'BudgetVsActualResponse'>;
type Range = { from: string; to: string };
type Figures = { budget: bigint[]; actual: bigint[]; variance: bigint[] };

/**
 * A budget against what was posted over a range within its year (budget-figures.ts): per
 * budget line (an account as a whole, or within a cost center) the budget, the actual (revenue
 * credit less debit, expense debit less credit, closing journals left out as in the income
 * statement), the variance signed favourable-positive and its percent; totals for revenue,
 * expense and net profit. One column for the range, and with `columns=month` one per month
 * after it. Lines whose account or cost center is gone, or whose account is no longer revenue
 * or expense, are left out. Shows budgets and actuals alike, so it needs `reports:read` beside
 * its route's `budgets:read`. Never read while a wide posting runs (steady-books.ts). With
 * `knownAt`, the actuals as the books stood at that instant (audit/known-at.ts); the budget as it is.
 * Errors: Forbidden, NotFound (budgetId), ValidationError (the range, OutsideBudgetYear, TooManyColumns),
 * StateConflict (BudgetPeriodsChanged), BooksInMotion.
 */
export function budgetVsActual(books: BudgetVsActualReads, companyId: string, query: BudgetVsActualInput, permissions: readonly string[]): Promise<BudgetVsActual> {
  if (!permissions.includes('reports:read')) throw new Forbidden('This report shows actual figures too: it also needs the permission reports:read.');
  return whileBooksSteady(books, companyId, (known) => readBudgetVsActual(books, companyId, query, known), { moment: knownAtMoment(books, companyId, query.knownAt) });
}

async function readBudgetVsActual(books: BudgetVsActualReads, companyId: string, query: BudgetVsActualInput, known: BooksKnownAt | undefined): Promise<BudgetVsActual> {
  const [ctx, budget] = await Promise.all([reportContext(books, companyId, known), books.budget(companyId, query.budgetId)]);
  if (!budget) NotFound.throw('The budget', 'budgetId');
  checkReportRange(query.dateFrom, query.dateTo, ctx.years);
  const year = ctx.years.find((y) => y.id === budget.financialYearId) ?? NotFound.throw('The budget’s financial year', 'budgetId');
  // A year's periods may be reshaped while nothing is posted in it: amounts per period no longer fit them.
  if (budget.lines.some((l) => l.amounts.length !== year.periods.length)) {
    throw new StateConflict('BudgetPeriodsChanged', `The budget holds amounts for other periods than its financial year's ${year.periods.length}: the year was re-periodised; update the budget.`, 'budgetId');
  }
  for (const [field, date] of [['dateFrom', query.dateFrom], ['dateTo', query.dateTo]] as const) {
    if (date < year.startDate || date > year.endDate) throw ValidationError.field(field, `must fall in the budget’s financial year, ${year.startDate} to ${year.endDate}`, 'OutsideBudgetYear');
  }
  const range = { from: query.dateFrom, to: query.dateTo };
  const months = query.columns === 'month' ? columnRanges(range, 'month') : [];
  const columns = [range, ...months];

  const lines = await linesShown(books, companyId, ctx, budget.lines);
  const actuals = await actualsByColumn(books, companyId, ctx, range, columns, lines.some((l) => l.line.costCenterId !== null));
  const periods = year.periods.map((p) => ({ id: p.id, startDate: p.startDate, endDate: p.endDate }));
  const totals = { revenue: emptyFigures(columns.length), expense: emptyFigures(columns.length) };
  const rows = lines.map(({ line, account, costCenter }) => {
    const amounts = line.amounts.map(toMils);
    const group = line.costCenterId ?? TOTAL_GROUP;
    const sign = account.classification === 'revenue' ? -1n : 1n;
    const budgetOf = columns.map((c) => budgetForRange(amounts, periods, c, ctx.precision));
    const actualOf = actuals.map((byGroup) => sign * (byGroup.get(group)?.get(line.accountId) ?? 0n));
    const figures: Figures = { budget: budgetOf, actual: actualOf, variance: columns.map((_, i) => variance(account.classification, budgetOf[i]!, actualOf[i]!)) };
    const total = totals[account.classification as 'revenue' | 'expense'];
    columns.forEach((_, i) => {
      total.budget[i]! += figures.budget[i]!;
      total.actual[i]! += figures.actual[i]!;
      total.variance[i]! += figures.variance[i]!;
    });
    return { ...accountFields(account), costCenter, ...shown(ctx, figures) };
  });
  const netProfit: Figures = {
    budget: columns.map((_, i) => totals.revenue.budget[i]! - totals.expense.budget[i]!),
    actual: columns.map((_, i) => totals.revenue.actual[i]! - totals.expense.actual[i]!),
    variance: columns.map((_, i) => totals.revenue.variance[i]! + totals.expense.variance[i]!),
  };
  return {
    budgetId: budget.budgetId,
    budgetName: budget.name,
    financialYearId: budget.financialYearId,
    dateFrom: range.from,
    dateTo: range.to,
    knownAt: knownAtEcho(query.knownAt),
    currency: ctx.currency,
    columns: columns.map((c) => ({ dateFrom: c.from, dateTo: c.to, scope: 'company' as const, costCenter: null })),
    rows,
    totals: { revenue: shown(ctx, totals.revenue), expense: shown(ctx, totals.expense), netProfit: shown(ctx, netProfit) },
  };
}

const emptyFigures = (width: number): Figures => ({ budget: new Array<bigint>(width).fill(0n), actual: new Array<bigint>(width).fill(0n), variance: new Array<bigint>(width).fill(0n) });

/** Figures as answered: amounts at the company's precision, the percent to two decimals. */
function shown(ctx: ReportContext, f: Figures) {
  const fixed = formatter(ctx);
  const percent = (hundredths: bigint | null) => (hundredths === null ? null : formatter({ ...ctx, precision: 2 })(hundredths * 10n));
  return { budget: f.budget.map(fixed), actual: f.actual.map(fixed), variance: f.variance.map(fixed), variancePercent: f.budget.map((b, i) => percent(variancePercent(b, f.variance[i]!))) };
}

/** The lines the report shows, with their account and cost center, along the tree and by cost center path (without one first). */
async function linesShown({ costCenters }: BudgetVsActualReads, companyId: string, ctx: ReportContext, lines: readonly BudgetLine[]) {
  const centerIds = [...new Set(lines.flatMap((l) => (l.costCenterId ? [l.costCenterId] : [])))];
  const records = await costCenters.getMany(companyId, centerIds);
  const chains = await costCenters.chains(companyId, records);
  const centers = new Map(records.map((r) => [r.id, costCenterFields(r, chains.get(r.id)!)]));
  const shownLines: Array<{ line: BudgetLine; account: ChartAccount; costCenter: ReturnType<typeof costCenterFields> | null }> = [];
  for (const line of lines) {
    const account = ctx.chart.get(line.accountId);
    const costCenter = line.costCenterId ? centers.get(line.costCenterId) : null;
    if (!account || account.type !== 'leaf' || !['revenue', 'expense'].includes(account.classification) || costCenter === undefined) continue;
    shownLines.push({ line, account, costCenter });
  }
  const order = (a: (typeof shownLines)[number]) => `${a.account.path} ${a.costCenter?.path ?? ''}`;
  return shownLines.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/**
 * Net movement (debit minus credit) per column by group (TOTAL_GROUP, and each cost center
 * when `byCostCenter`) and account, closing journals left out. Balances are read once per
 * distinct edge date: the day before the range and each column's end (months share them).
 */
async function actualsByColumn(books: BudgetVsActualReads, companyId: string, ctx: ReportContext, range: Range, columns: readonly Range[], byCostCenter: boolean): Promise<Array<Map<string, Map<string, bigint>>>> {
  const scopes: BalanceScope[] = [{ kind: 'total' }, ...(byCostCenter ? [{ kind: 'byCostCenter' } as const] : [])];
  const dates = [dayBefore(range.from), ...columns.map((c) => c.to)];
  // Each scope's dates are read together (balancesThroughDates), the scopes side by side.
  const [closings, byScope] = await Promise.all([closingJournalsIn(books, companyId, ctx, range), Promise.all(scopes.map((scope) => balancesThroughDates(companyId, ctx, dates, scope)))]);
  const through = new Map(dates.map((date) => [date, new Map(byScope.flatMap((sums) => [...sums.get(date)!])) satisfies GroupedSums] as const));
  return columns.map((column) => {
    const before = through.get(dayBefore(column.from))!;
    const after = through.get(column.to)!;
    const inColumn = closings.filter((j) => j.postingDate >= column.from && j.postingDate <= column.to);
    const closing = new Map(scopes.flatMap((scope) => [...netsOf(inColumn, scope)]));
    const result = new Map<string, Map<string, bigint>>();
    for (const group of new Set([...before.keys(), ...after.keys()])) {
      const nets = new Map<string, bigint>();
      const b = before.get(group) ?? new Map();
      const a = after.get(group) ?? new Map();
      for (const accountId of new Set([...b.keys(), ...a.keys()])) nets.set(accountId, net(a.get(accountId)) - net(b.get(accountId)) - (closing.get(group)?.get(accountId) ?? 0n));
      result.set(group, nets);
    }
    return result;
  });
}
