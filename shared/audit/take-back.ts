import { TOTAL_GROUP, type BalanceScope, type GroupedSums, type Sums } from '../balances/records.ts';
import { balanceDeltas, currencyDeltas } from '../journals/rules.ts';
import { toMils } from '../money/mils.ts';
import type { BookChange } from './book-changes.ts';

/**
 * The running balances as they stood at a moment, pure: the balances of now, read in `scope`
 * through `date` (balance-reads.ts), less what each change committed after the moment added
 * (a posting) or plus what it took off (a void or adjust), for the changes posted through
 * `date` and, with `accountIds`, on those accounts. The same deltas the posting wrote
 * (journals/rules.ts balanceDeltas and currencyDeltas), so the figures meet to the mil.
 */
export function takeBack(sums: GroupedSums, changes: readonly BookChange[], scope: BalanceScope, date: string, accountIds?: ReadonlySet<string>): GroupedSums {
  const result: GroupedSums = new Map([...sums].map(([group, byAccount]) => [group, new Map([...byAccount].map(([id, s]) => [id, { ...s }]))]));
  const sumsOf = (group: string, accountId: string, withBase: boolean): Sums => {
    let byAccount = result.get(group);
    if (!byAccount) result.set(group, (byAccount = new Map()));
    let s = byAccount.get(accountId);
    if (!s) byAccount.set(accountId, (s = withBase ? { debit: 0n, credit: 0n, base: 0n } : { debit: 0n, credit: 0n }));
    return s;
  };
  const wanted = (accountId: string) => !accountIds || accountIds.has(accountId);
  for (const change of changes) {
    if (change.postingDate > date) continue;
    const undo = undoOf(change);
    for (const d of undo.totals) {
      if (!wanted(d.accountId)) continue;
      const group = groupOf(scope, d.costCenterId);
      if (group === undefined) continue;
      const s = sumsOf(group, d.accountId, false);
      s.debit += d.debit;
      s.credit += d.credit;
    }
    if (scope.kind !== 'currencies') continue;
    for (const c of undo.currencies) {
      if (!wanted(c.accountId)) continue;
      const s = sumsOf(c.currency, c.accountId, true);
      s.debit += c.debit;
      s.credit += c.credit;
      s.base = (s.base ?? 0n) + c.base;
    }
  }
  return result;
}

interface Undo {
  totals: Array<{ accountId: string; costCenterId: string | null; debit: bigint; credit: bigint }>;
  currencies: Array<{ accountId: string; currency: string; debit: bigint; credit: bigint; base: bigint }>;
}
/** A report reads balances several times (before, through, each column): each change's deltas are worked out once. */
const undone = new WeakMap<BookChange, Undo>();

/** What undoing a change adds to the balances, in mils: taking back a posting is its void's deltas; taking back a void is the posting's. */
function undoOf(change: BookChange): Undo {
  let undo = undone.get(change);
  if (undo) return undo;
  const sign = change.effect === 1 ? -1 : 1;
  undo = {
    totals: balanceDeltas(change.lines, sign).map((d) => ({ accountId: d.accountId, costCenterId: d.costCenterId, debit: toMils(d.debit), credit: toMils(d.credit) })),
    currencies: currencyDeltas(change.lines, sign).map((c) => ({ accountId: c.accountId, currency: c.currency, debit: toMils(c.debit), credit: toMils(c.credit), base: toMils(c.baseDebit) - toMils(c.baseCredit) })),
  };
  undone.set(change, undo);
  return undo;
}

/** The group a delta counts in under `scope` (a total delta has no cost center), or undefined when it is outside it. */
function groupOf(scope: BalanceScope, costCenterId: string | null): string | undefined {
  switch (scope.kind) {
    case 'total':
    case 'currencies':
      return costCenterId === null ? TOTAL_GROUP : undefined;
    case 'costCenter':
      return costCenterId === scope.costCenterId ? costCenterId : undefined;
    case 'byCostCenter':
      return costCenterId ?? undefined;
  }
}
