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
    // Taking back a posting is the void's deltas; taking back a void is the posting's.
    const sign = change.effect === 1 ? -1 : 1;
    for (const d of balanceDeltas(change.lines, sign)) {
      if (!wanted(d.accountId)) continue;
      const group = groupOf(scope, d.costCenterId);
      if (group === undefined) continue;
      const s = sumsOf(group, d.accountId, false);
      s.debit += toMils(d.debit);
      s.credit += toMils(d.credit);
    }
    if (scope.kind !== 'currencies') continue;
    for (const c of currencyDeltas(change.lines, sign)) {
      if (!wanted(c.accountId)) continue;
      const s = sumsOf(c.currency, c.accountId, true);
      s.debit += toMils(c.debit);
      s.credit += toMils(c.credit);
      s.base = (s.base ?? 0n) + toMils(c.baseDebit) - toMils(c.baseCredit);
    }
  }
  return result;
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
