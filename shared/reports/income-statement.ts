import { TOTAL_GROUP, type AccountSums, type BalanceScope } from '../balances/records.ts';
import type { PostedJournal, ReversedJournal } from '../journals/records.ts';
import { ValidationError } from '../errors.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { closingJournalsIn, netsOf } from './closing-entries.ts';
import { balancesThrough, dayBefore, formatter, net } from './figures.ts';
import { costCenterFields, costCenterNodes, reportCostCenter } from './report-nodes.ts';
import { reportContext, type ReportContext } from './report-context.ts';
import { checkReportRange, comparisonRange } from './report-range.ts';
import type { IncomeStatementInput } from './schemas.ts';
import { statementSection } from './statement-section.ts';
import { whileBooksSteady } from './steady-books.ts';

export type IncomeStatement = ResponseOf<'IncomeStatementResponse'>;
type Column = IncomeStatement['columns'][number];
type CostCenterFields = NonNullable<Column['costCenter']>;
/** Net movements (debit minus credit) by group (cost center or TOTAL_GROUP), then account. */
type GroupedNets = Map<string, Map<string, bigint>>;

/**
 * Revenue, expense and net profit of a date range along the account tree, from the running
 * balances: one column for the range, or for one cost center, or one per cost center plus one
 * for amounts without a cost center; and the same again for a comparison range. Revenue is
 * shown as credits less debits, expense as debits less credits. Year-end closing journals are
 * left out (closing-entries.ts).
 * Never read while a wide posting runs (steady-books.ts).
 * Errors: NotFound (cost center), ValidationError (InvalidRange, RangeTooLong,
 * NoFinancialYear; byCostCenter with costCenterId), BooksInMotion.
 */
export function incomeStatement(companyId: string, query: IncomeStatementInput): Promise<IncomeStatement> {
  return whileBooksSteady(companyId, () => readIncomeStatement(companyId, query));
}

async function readIncomeStatement(companyId: string, query: IncomeStatementInput): Promise<IncomeStatement> {
  if (query.byCostCenter && query.costCenterId) throw ValidationError.field('byCostCenter', 'cannot be combined with costCenterId');
  const [ctx, costCenter] = await Promise.all([reportContext(companyId), query.costCenterId ? reportCostCenter(companyId, query.costCenterId, 'costCenterId') : undefined]);
  checkReportRange(query.dateFrom, query.dateTo, ctx.years);
  const ranges = [{ from: query.dateFrom, to: query.dateTo }, ...(query.compare ? [comparisonRange(query.dateFrom, query.dateTo, query.compare)] : [])];
  const scope: BalanceScope = costCenter ? { kind: 'costCenter', costCenterId: costCenter.id } : { kind: 'total' };
  // Closing journals are read once per range, whichever scopes the range is read in.
  const closings = await Promise.all(ranges.map((r) => closingJournalsIn(companyId, ctx, r)));
  const movements = await Promise.all(ranges.map((r, i) => movement(companyId, ctx, r, scope, closings[i]!)));
  const byCenter = query.byCostCenter ? await Promise.all(ranges.map((r, i) => movement(companyId, ctx, r, { kind: 'byCostCenter' }, closings[i]!))) : [];

  // The columns, each with its net movement (debit minus credit) by account.
  const columns: Array<{ column: Column; nets: Map<string, bigint> }> = [];
  const centers = query.byCostCenter ? await centersWithFigures(companyId, ctx, byCenter) : [];
  ranges.forEach((range, i) => {
    const base = { dateFrom: range.from, dateTo: range.to };
    const total = movements[i]!.get(costCenter?.id ?? TOTAL_GROUP) ?? new Map<string, bigint>();
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

/** Net movement (debit minus credit) by group and account over a range, closing journals left out. */
async function movement(companyId: string, ctx: ReportContext, range: { from: string; to: string }, scope: BalanceScope, closings: ReadonlyArray<PostedJournal | ReversedJournal>): Promise<GroupedNets> {
  const [before, through] = await Promise.all([balancesThrough(companyId, ctx, dayBefore(range.from), scope), balancesThrough(companyId, ctx, range.to, scope)]);
  const closing = netsOf(closings, scope);
  const result: GroupedNets = new Map();
  for (const group of new Set([...before.keys(), ...through.keys()])) {
    const b: AccountSums = before.get(group) ?? new Map();
    const t: AccountSums = through.get(group) ?? new Map();
    const c = closing.get(group) ?? new Map<string, bigint>();
    const nets = new Map<string, bigint>();
    for (const accountId of new Set([...b.keys(), ...t.keys()])) nets.set(accountId, net(t.get(accountId)) - net(b.get(accountId)) - (c.get(accountId) ?? 0n));
    result.set(group, nets);
  }
  return result;
}

/** The cost centers with any revenue or expense figure in any range, by path. */
async function centersWithFigures(companyId: string, ctx: ReportContext, byCenter: GroupedNets[]): Promise<CostCenterFields[]> {
  const isProfitOrLoss = (accountId: string) => ['revenue', 'expense'].includes(ctx.chart.get(accountId)?.classification ?? '');
  const ids = new Set<string>();
  for (const groups of byCenter) {
    for (const [centerId, nets] of groups) if ([...nets].some(([a, n]) => n !== 0n && isProfitOrLoss(a))) ids.add(centerId);
  }
  const records = await costCenterNodes.getMany(companyId, [...ids]);
  const chains = await costCenterNodes.chains(companyId, records);
  return records.map((r) => costCenterFields(r, chains.get(r.id)!)).sort((a, b) => (a.path < b.path ? -1 : 1));
}
