import type { AccountSums, BalanceScope, GroupedSums } from '../balances/records.ts';
import type { ClosingEntry } from '../audit/ledger-at.ts';
import { netsOf } from './closing-entries.ts';
import { balancesThroughDates, dayBefore, net } from './figures.ts';
import type { ReportContext } from './report-context.ts';

/** Net amounts (debit minus credit) by group (cost center or TOTAL_GROUP), then account. */
export type GroupedNets = Map<string, Map<string, bigint>>;

/** A range's figures by group and account: balances before and through it, and its movement without closing journals. */
export interface RangeFigures {
  opening: GroupedNets;
  closing: GroupedNets;
  /** Closing less opening, less the closing journals posted in the range (closing-entries.ts). */
  movement: GroupedNets;
}

/** Balances before and through a range, and its movement with closing journals left out, read from the running balances. */
export async function rangeFigures(companyId: string, ctx: ReportContext, range: { from: string; to: string }, scope: BalanceScope, closings: readonly ClosingEntry[]): Promise<RangeFigures> {
  return (await rangesFigures(companyId, ctx, [range], scope, [closings]))[0]!;
}

/** `rangeFigures` of several ranges, in their order, their dates read together (one range's end is often another's opening). */
async function rangesFigures(companyId: string, ctx: ReportContext, ranges: ReadonlyArray<{ from: string; to: string }>, scope: BalanceScope, closings: ReadonlyArray<readonly ClosingEntry[]>): Promise<RangeFigures[]> {
  const through = await balancesThroughDates(companyId, ctx, ranges.flatMap((r) => [dayBefore(r.from), r.to]), scope);
  return ranges.map((r, i) => figuresOf(through.get(dayBefore(r.from))!, through.get(r.to)!, netsOf(closings[i]!, scope)));
}

function figuresOf(before: GroupedSums, through: GroupedSums, closing: GroupedNets): RangeFigures {
  const figures: RangeFigures = { opening: new Map(), closing: new Map(), movement: new Map() };
  for (const group of new Set([...before.keys(), ...through.keys()])) {
    const b: AccountSums = before.get(group) ?? new Map();
    const t: AccountSums = through.get(group) ?? new Map();
    const c = closing.get(group) ?? new Map<string, bigint>();
    const [opening, closingNets, moved] = [new Map<string, bigint>(), new Map<string, bigint>(), new Map<string, bigint>()];
    for (const accountId of new Set([...b.keys(), ...t.keys()])) {
      opening.set(accountId, net(b.get(accountId)));
      closingNets.set(accountId, net(t.get(accountId)));
      moved.set(accountId, net(t.get(accountId)) - net(b.get(accountId)) - (c.get(accountId) ?? 0n));
    }
    figures.opening.set(group, opening);
    figures.closing.set(group, closingNets);
    figures.movement.set(group, moved);
  }
  return figures;
}

/** Net movement (debit minus credit) by group and account over each range, in their order, closing journals left out. */
export async function movements(companyId: string, ctx: ReportContext, ranges: ReadonlyArray<{ from: string; to: string }>, scope: BalanceScope, closings: ReadonlyArray<readonly ClosingEntry[]>): Promise<GroupedNets[]> {
  return (await rangesFigures(companyId, ctx, ranges, scope, closings)).map((f) => f.movement);
}
