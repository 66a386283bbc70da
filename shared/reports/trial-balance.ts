import { TOTAL_GROUP, type AccountSums, type GroupedSums } from '../balances/records.ts';
import { NotFound, ValidationError } from '../errors.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { rootsOf, treeRows, type TreeRow } from './account-tree.ts';
import { currencyColumns, currencyFiguresByAccount, sixFigures, subtreeCurrencies, type CurrencyFigures } from './currency-columns.ts';
import { accountFields, balancesThroughDates, dayBefore, formatter } from './figures.ts';
import { reportCostCenter } from './report-nodes.ts';
import { reportContext, type ReportContext } from './report-context.ts';
import { checkReportRange } from './report-range.ts';
import { columnRanges } from './column-ranges.ts';
import type { KnownAtInput, TrialBalanceInput } from './schemas.ts';
import type { BooksKnownAt } from '../audit/known-at.ts';
import { knownAtMoment } from './known-at-moment.ts';
import { whileBooksSteady } from './steady-books.ts';
import { knownAtEcho } from './known-at-echo.ts';
import type { TrialBalanceReads } from './store.ts';

/** The report as answered: the type of its documented response schema. */
export type TrialBalance = ResponseOf<'TrialBalanceResponse'>;

/**
 * The trial balance of a date range (or a financial year, or one of its periods), optionally
 * within one cost center: per account its opening balance (everything posted before the
 * range), the range's debits and credits, and its closing balance, along the account tree
 * with each category summing its children. Rows carry the same figures in each foreign currency
 * the account (or category's subtree) has lines in (`currencies`: in account totals only, so
 * null within a cost center). With `columns=month|quarter`, each row also carries its figures in
 * each month or quarter of the range, each computed on its own range. With `knownAt`, as the books
 * stood at that instant (audit/known-at.ts). Read from the running balances, never from journal
 * lines, never while a wide posting runs (steady-books.ts). Errors: NotFound (year, period, cost
 * center), ValidationError (InvalidRange, RangeTooLong, NoFinancialYear), BooksInMotion.
 */
export function trialBalance(books: TrialBalanceReads, companyId: string, query: TrialBalanceInput & KnownAtInput): Promise<TrialBalance> {
  return whileBooksSteady(books, companyId, (known) => readTrialBalance(books, companyId, query, known), { consistent: (tb) => tb.costCenter !== null || balances(tb.totals), moment: knownAtMoment(books, companyId, query.knownAt) });
}

/** Debits equal credits in every column of the company's totals (not of one cost center's: a journal balances as a whole). */
const balances = (totals: TrialBalance['totals']) => Object.values(totals).every((t) => t.debit === t.credit);

async function readTrialBalance(books: TrialBalanceReads, companyId: string, query: TrialBalanceInput & KnownAtInput, known: BooksKnownAt | undefined): Promise<TrialBalance> {
  const [ctx, costCenter] = await Promise.all([reportContext(books, companyId, known), query.costCenterId ? reportCostCenter(books, companyId, query.costCenterId, 'costCenterId') : undefined]);
  const range = rangeOf(ctx, query);
  const splits = query.columns ? columnRanges(range, query.columns) : [];
  // Account totals carry their currency figures: one read gives both (none within a cost center).
  const scope = costCenter ? ({ kind: 'costCenter', costCenterId: costCenter.id } as const) : ({ kind: 'currencies' } as const);
  // The columns split the range end to end: each one's end is the next one's opening, all read at once.
  const through = await balancesThroughDates(companyId, ctx, [dayBefore(range.from), range.to, ...splits.map((r) => r.to)], scope);
  const figuresOfRange = (r: { from: string; to: string }, inCurrencies: boolean) => figuresOf(ctx, through.get(dayBefore(r.from))!, through.get(r.to)!, costCenter, inCurrencies);
  const total = figuresOfRange(range, true);
  const columns = splits.map((r) => figuresOfRange(r, false));
  const fixed = formatter(ctx);
  const sides = (f: readonly bigint[], at: number) => ({ debit: fixed(f[at]!), credit: fixed(f[at + 1]!) });
  const threeSides = (f: readonly bigint[]) => ({ opening: sides(f, 0), movement: sides(f, 2), closing: sides(f, 4) });
  const none = new Array<bigint>(6).fill(0n);
  // A row with figures in a column has them in the range too (a movement, or an opening carried through), so the range's rows hold every column's.
  const columnsOf = (accountId: string) => (query.columns ? columns.map((c) => threeSides(c.byAccount.get(accountId) ?? none)) : null);
  return {
    dateFrom: range.from,
    dateTo: range.to,
    financialYearId: query.financialYearId ?? null,
    periodId: query.periodId ?? null,
    costCenter: costCenter ?? null,
    knownAt: knownAtEcho(query.knownAt),
    currency: ctx.currency,
    rows: total.rows.map((r) => ({ ...accountFields(r.account), ...threeSides(r.figures), currencies: total.currenciesOf(r.account), columns: columnsOf(r.account.id) })),
    totals: threeSides(total.totals),
    columns: query.columns ? columns.map((c, i) => ({ dateFrom: splits[i]!.from, dateTo: splits[i]!.to, totals: threeSides(c.totals) })) : null,
  };
}

/**
 * The figures of one range from the balances before and through it: per row (accounts with any
 * figure, along the tree) opening debit, credit; movement debit, credit; closing debit, credit,
 * and their totals; with `inCurrencies`, the same per foreign currency (account totals only:
 * none within a cost center).
 */
function figuresOf(ctx: ReportContext, before: GroupedSums, through: GroupedSums, costCenter: { id: string } | undefined, inCurrencies: boolean) {
  const byLeaf = inCurrencies && !costCenter ? currencyFiguresByAccount(before, through) : undefined;
  const group = costCenter?.id ?? TOTAL_GROUP;
  const opening: AccountSums = before.get(group) ?? new Map();
  const closing: AccountSums = through.get(group) ?? new Map();

  // A row shows while any figure, in base or in a currency, is not zero.
  const rows = treeRows(ctx.chart, rootsOf(ctx.chart), 6, (leaf) => {
    const figures = sixFigures(opening.get(leaf.id), closing.get(leaf.id));
    return figures.some((f) => f !== 0n) || byLeaf?.has(leaf.id) ? figures : undefined;
  });
  const memo = new Map<string, CurrencyFigures>();
  const totals = new Array<bigint>(6).fill(0n);
  for (const row of rows) if (row.account.parentId === null) row.figures.forEach((f, i) => (totals[i]! += f));
  return {
    rows,
    totals,
    byAccount: new Map(rows.map((r) => [r.account.id, r.figures])),
    currenciesOf: (account: TreeRow['account']) => (byLeaf ? currencyColumns(subtreeCurrencies(account, byLeaf, memo)) : null),
  };
}

/** The range asked for: dateFrom and dateTo, or a financial year or one of its periods. */
function rangeOf(ctx: ReportContext, query: TrialBalanceInput): { from: string; to: string } {
  if (query.financialYearId) {
    if (query.dateFrom || query.dateTo) throw ValidationError.field(query.dateFrom ? 'dateFrom' : 'dateTo', 'give either a date range or financialYearId, not both');
    // The context has read every year of the company already: no second read of this one.
    const year = ctx.years.find((y) => y.id === query.financialYearId) ?? NotFound.throw('The financial year');
    const period = query.periodId ? (year.periods.find((p) => p.id === query.periodId) ?? NotFound.throw('The period', 'periodId')) : year;
    return { from: period.startDate, to: period.endDate };
  }
  if (query.periodId) throw ValidationError.field('financialYearId', 'is required with periodId');
  if (!query.dateFrom) throw ValidationError.field('dateFrom', 'is required (or give financialYearId)');
  if (!query.dateTo) throw ValidationError.field('dateTo', 'is required (or give financialYearId)');
  checkReportRange(query.dateFrom, query.dateTo, ctx.years);
  return { from: query.dateFrom, to: query.dateTo };
}
