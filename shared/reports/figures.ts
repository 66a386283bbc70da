import type { BalanceScope, GroupedSums, Sums } from '../balances/records.ts';
import { addDays, type IsoDate } from '../financial-years/dates.ts';
import { formatTotal } from '../money/amount.ts';
import type { ChartAccount } from './account-tree.ts';
import { coverThrough } from './cover.ts';
import type { ReportContext } from './report-context.ts';

/**
 * The figures every report is made of: balances through a date, read from the running balances.
 * `balancesThrough` is everything posted up to and including `date`, by group (cost center or
 * TOTAL_GROUP) and account; as known at a moment (`ctx.known`), as the balances stood then.
 */
export async function balancesThrough(companyId: string, ctx: ReportContext, date: IsoDate, scope: BalanceScope, accountIds?: ReadonlySet<string>): Promise<GroupedSums> {
  return (await balancesThroughDates(companyId, ctx, [date], scope, accountIds)).get(date)!;
}

/** Balances through the day before a range and through its last day: its opening and closing, read together. */
export async function balancesAround(companyId: string, ctx: ReportContext, range: { from: IsoDate; to: IsoDate }, scope: BalanceScope, accountIds?: ReadonlySet<string>): Promise<[before: GroupedSums, through: GroupedSums]> {
  const before = dayBefore(range.from);
  const read = await balancesThroughDates(companyId, ctx, [before, range.to], scope, accountIds);
  return [read.get(before)!, read.get(range.to)!];
}

/** `balancesThrough` of each date (a date given twice read once), by date, in one read of the balances: what two dates share is read once. */
export async function balancesThroughDates(companyId: string, ctx: ReportContext, dates: readonly IsoDate[], scope: BalanceScope, accountIds?: ReadonlySet<string>): Promise<Map<IsoDate, GroupedSums>> {
  const distinct = [...new Set(dates)];
  if (ctx.known?.empty) return new Map(distinct.map((date) => [date, new Map()]));
  const covers = distinct.map((date) => ({ ...coverThrough(ctx.periods, date), booksPeriods: ctx.periods.length, booksAccounts: ctx.chart.size }));
  const now = await ctx.books.sums(companyId, covers, scope, accountIds);
  // As known at a moment: the changes committed after it are taken back.
  const known = ctx.known;
  return new Map(distinct.map((date, i) => [date, known && known.undo.size > 0 ? known.takenBack(now[i]!, scope, date, accountIds) : now[i]!]));
}

/** The day before a range starts: balances through it are the range's opening. */
export const dayBefore = (date: IsoDate) => addDays(date, -1);

/** Debit minus credit. */
export const net = (s: Sums | undefined): bigint => (s ? s.debit - s.credit : 0n);

/** A net balance on its side: positive on debit, negative on credit. */
export const onSide = (balance: bigint): [bigint, bigint] => (balance >= 0n ? [balance, 0n] : [0n, -balance]);

export const formatter = (ctx: ReportContext) => (mils: bigint) => formatTotal(mils, ctx.precision);

/** The account fields of a report row. */
export function accountFields(a: ChartAccount) {
  return { accountId: a.id, parentId: a.parentId, code: a.code, path: a.path, depth: a.depth, name: a.name, type: a.type, classification: a.classification };
}
