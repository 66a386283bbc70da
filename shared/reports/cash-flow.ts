import { TOTAL_GROUP, type BalanceScope } from '../balances/records.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { cashFlowFigures } from './cash-flow-statement.ts';
import { closingJournalsIn } from './closing-entries.ts';
import { accountFields, formatter } from './figures.ts';
import { rangeFigures } from './range-movement.ts';
import { reportCostCenter } from './report-nodes.ts';
import { reportContext } from './report-context.ts';
import { checkReportRange } from './report-range.ts';
import type { CashFlowInput, KnownAtInput } from './schemas.ts';
import type { BooksKnownAt } from '../audit/known-at.ts';
import { knownAtMoment } from './known-at-moment.ts';
import { whileBooksSteady } from './steady-books.ts';
import { knownAtEcho } from './known-at-echo.ts';
import type { CashFlowReads } from './store.ts';

export type CashFlow = ResponseOf<'CashFlowResponse'>;

/**
 * The cash flow statement of a date range by the indirect method (cash-flow-statement.ts),
 * for the company or one cost center, from the running balances: net profit, the nonCash
 * accounts' changes added back, then each operating, investing and financing account's change,
 * and the cash accounts' change it adds up to, with the check `reconciles`. Each account sits
 * where its cashFlowCategory puts it. Year-end closing journals are left out, as in the income
 * statement. Never read while a wide posting runs (steady-books.ts); for the company a read that
 * does not reconcile saw part of a transaction and is read again. With `knownAt`, as the books
 * stood at that instant (audit/known-at.ts).
 * Errors: NotFound (cost center), ValidationError (the range), BooksInMotion.
 */
export function cashFlow(books: CashFlowReads, companyId: string, query: CashFlowInput & KnownAtInput): Promise<CashFlow> {
  return whileBooksSteady(books, companyId, (known) => readCashFlow(books, companyId, query, known), { consistent: (cf) => cf.costCenter !== null || cf.reconciles, moment: knownAtMoment(books, companyId, query.knownAt) });
}

async function readCashFlow(books: CashFlowReads, companyId: string, query: CashFlowInput & KnownAtInput, known: BooksKnownAt | undefined): Promise<CashFlow> {
  const [ctx, costCenter] = await Promise.all([reportContext(books, companyId, known), query.costCenterId ? reportCostCenter(books, companyId, query.costCenterId, 'costCenterId') : undefined]);
  checkReportRange(query.dateFrom, query.dateTo, ctx.years);
  const range = { from: query.dateFrom, to: query.dateTo };
  const scope: BalanceScope = costCenter ? { kind: 'costCenter', costCenterId: costCenter.id } : { kind: 'total' };
  const read = await rangeFigures(companyId, ctx, range, scope, await closingJournalsIn(books, companyId, ctx, range));
  const group = costCenter?.id ?? TOTAL_GROUP;
  const empty = new Map<string, bigint>();
  const { sections, totals } = cashFlowFigures(ctx.chart, { opening: read.opening.get(group) ?? empty, closing: read.closing.get(group) ?? empty, movement: read.movement.get(group) ?? empty });

  const fixed = formatter(ctx);
  const rows = (section: keyof typeof sections) => sections[section].map((r) => ({ ...accountFields(r.account), amounts: r.figures.map(fixed) }));
  return {
    dateFrom: range.from,
    dateTo: range.to,
    costCenter: costCenter ?? null,
    knownAt: knownAtEcho(query.knownAt),
    currency: ctx.currency,
    columns: [{ dateFrom: range.from, dateTo: range.to, scope: costCenter ? 'costCenter' : 'company', costCenter: costCenter ?? null }],
    nonCash: rows('nonCash'),
    operating: rows('operating'),
    investing: rows('investing'),
    financing: rows('financing'),
    cash: rows('cash'),
    totals: {
      netProfit: [fixed(totals.netProfit)],
      nonCash: [fixed(totals.nonCash)],
      operatingActivities: [fixed(totals.operatingActivities)],
      investingActivities: [fixed(totals.investingActivities)],
      financingActivities: [fixed(totals.financingActivities)],
      netCashFlow: [fixed(totals.netCashFlow)],
      openingCash: [fixed(totals.openingCash)],
      closingCash: [fixed(totals.closingCash)],
      cashChange: [fixed(totals.cashChange)],
      unreconciled: [fixed(totals.unreconciled)],
    },
    reconciles: totals.unreconciled === 0n,
  };
}
