import { TOTAL_GROUP, type BalanceScope } from '../balances/records.ts';
import { ValidationError } from '../errors.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { closingJournalsIn } from './closing-entries.ts';
import { formatter } from './figures.ts';
import { movements, type GroupedNets } from './range-movement.ts';
import { costCenterFields, reportCostCenter } from './report-nodes.ts';
import { reportContext, type ReportContext } from './report-context.ts';
import { checkReportRange, comparisonRange } from './report-range.ts';
import { columnRanges } from './column-ranges.ts';
import type { IncomeStatementInput, KnownAtInput } from './schemas.ts';
import type { BooksKnownAt } from '../audit/known-at.ts';
import { statementSection } from './statement-section.ts';
import { knownAtMoment } from './known-at-moment.ts';
import { whileBooksSteady } from './steady-books.ts';
import { knownAtEcho } from './known-at-echo.ts';
import type { IncomeStatementReads } from './store.ts';

export type IncomeStatement = ResponseOf<'IncomeStatementResponse'>;
type Column = IncomeStatement['columns'][number];
type CostCenterFields = NonNullable<Column['costCenter']>;

/**
 * Revenue, expense and net profit of a date range along the account tree, from the running
 * balances: one column for the range, or for one cost center, or one per cost center plus one
 * for amounts without a cost center; and the same again for a comparison range; or one per
 * month or quarter of the range (`columns`) and the range's total last. Revenue is
 * shown as credits less debits, expense as debits less credits. Year-end closing journals are
 * left out (closing-entries.ts). With `knownAt`, as the books stood at that instant (audit/known-at.ts).
 * Never read while a wide posting runs (steady-books.ts).
 * Errors: NotFound (cost center), ValidationError (InvalidRange, RangeTooLong,
 * NoFinancialYear; byCostCenter with costCenterId), BooksInMotion.
 */
export function incomeStatement(books: IncomeStatementReads, companyId: string, query: IncomeStatementInput & KnownAtInput): Promise<IncomeStatement> {
  return whileBooksSteady(books, companyId, (known) => readIncomeStatement(books, companyId, query, known), { moment: knownAtMoment(books, companyId, query.knownAt) });
}

async function readIncomeStatement(books: IncomeStatementReads, companyId: string, query: IncomeStatementInput & KnownAtInput, known: BooksKnownAt | undefined): Promise<IncomeStatement> {
  if (query.byCostCenter && query.costCenterId) throw ValidationError.field('byCostCenter', 'cannot be combined with costCenterId');
  const [ctx, costCenter] = await Promise.all([reportContext(books, companyId, known), query.costCenterId ? reportCostCenter(books, companyId, query.costCenterId, 'costCenterId') : undefined]);
  checkReportRange(query.dateFrom, query.dateTo, ctx.years);
  const ranges = rangesOf(query);
  const scope: BalanceScope = costCenter ? { kind: 'costCenter', costCenterId: costCenter.id } : { kind: 'total' };
  // Closing journals are read once per range, whichever scopes the range is read in.
  const closings = await Promise.all(ranges.map((r) => closingJournalsIn(books, companyId, ctx, r)));
  const [byScope, byCenter] = await Promise.all([movements(companyId, ctx, ranges, scope, closings), query.byCostCenter ? movements(companyId, ctx, ranges, { kind: 'byCostCenter' }, closings) : []]);

  // The columns, each with its net movement (debit minus credit) by account.
  const columns: Array<{ column: Column; nets: Map<string, bigint> }> = [];
  const centers = query.byCostCenter ? await centersWithFigures(books, companyId, ctx, byCenter) : [];
  ranges.forEach((range, i) => {
    const base = { dateFrom: range.from, dateTo: range.to };
    const total = byScope[i]!.get(costCenter?.id ?? TOTAL_GROUP) ?? new Map<string, bigint>();
    columns.push({ column: { ...base, scope: costCenter ? 'costCenter' : 'company', costCenter: costCenter ?? null }, nets: total });
    if (!query.byCostCenter) return;
    const unassigned = new Map(total);
    for (const center of centers) {
      const nets = byCenter[i]!.get(center.id) ?? new Map<string, bigint>();
      for (const [accountId, n] of nets) unassigned.set(accountId, (unassigned.get(accountId) ?? 0n) - n);
      columns.push({ column: { ...base, scope: 'costCenter', costCenter: center }, nets });
    }
    columns.push({ column: { ...base, scope: 'noCostCenter', costCenter: null }, nets: unassigned });
  });

  const fixed = formatter(ctx);
  // Revenue reads credit minus debit; expense debit minus credit.
  const revenue = statementSection(ctx, 'revenue', columns.length, (leaf, i) => -(columns[i]!.nets.get(leaf.id) ?? 0n));
  const expense = statementSection(ctx, 'expense', columns.length, (leaf, i) => columns[i]!.nets.get(leaf.id) ?? 0n);
  return {
    knownAt: knownAtEcho(query.knownAt),
    currency: ctx.currency,
    columns: columns.map((c) => c.column),
    revenue: revenue.rows,
    expense: expense.rows,
    totals: {
      revenue: revenue.totals.map(fixed),
      expense: expense.totals.map(fixed),
      netProfit: revenue.totals.map((r, i) => fixed(r - expense.totals[i]!)),
    },
  };
}

/**
 * The columns' ranges: the range and its comparison; or with `columns`, one per month or quarter
 * and the range's total last. Errors: ValidationError naming `columns` (too many; with compare or byCostCenter).
 */
function rangesOf(query: IncomeStatementInput): Array<{ from: string; to: string }> {
  const range = { from: query.dateFrom, to: query.dateTo };
  if (!query.columns) return [range, ...(query.compare ? [comparisonRange(query.dateFrom, query.dateTo, query.compare)] : [])];
  if (query.compare || query.byCostCenter) throw ValidationError.field('columns', `cannot be combined with ${query.compare ? 'compare' : 'byCostCenter'}`);
  return [...columnRanges(range, query.columns), range];
}

/** The cost centers with any revenue or expense figure in any range, by path. */
async function centersWithFigures({ costCenters }: IncomeStatementReads, companyId: string, ctx: ReportContext, byCenter: GroupedNets[]): Promise<CostCenterFields[]> {
  const isProfitOrLoss = (accountId: string) => ['revenue', 'expense'].includes(ctx.chart.get(accountId)?.classification ?? '');
  const ids = new Set<string>();
  for (const groups of byCenter) {
    for (const [centerId, nets] of groups) if ([...nets].some(([a, n]) => n !== 0n && isProfitOrLoss(a))) ids.add(centerId);
  }
  const records = await costCenters.getMany(companyId, [...ids]);
  const chains = await costCenters.chains(companyId, records);
  return records.map((r) => costCenterFields(r, chains.get(r.id)!)).sort((a, b) => (a.path < b.path ? -1 : 1));
}
