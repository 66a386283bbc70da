import { TOTAL_GROUP, type BalanceScope, type GroupedSums, type Sums } from '../balances/records.ts';
import type { Moves } from './book-summaries.ts';

/**
 * The running balances as they stood at a moment, pure: the balances of now, read in `scope`
 * through `date` (balance-reads.ts), plus `undo`, what taking back the changes committed after
 * the moment adds (known-at.ts: their postings' deltas negated, their voids' deltas restored,
 * by posting date), for the postings through `date` and, with `accountIds`, on those accounts.
 * The same deltas the postings wrote (journals/posting-figures.ts balanceDeltas and currencyDeltas), so the
 * figures meet to the mil.
 */
export function takeBack(sums: GroupedSums, undo: Moves, scope: BalanceScope, date: string, accountIds?: ReadonlySet<string>): GroupedSums {
  const result: GroupedSums = new Map([...sums].map(([group, byAccount]) => [group, new Map([...byAccount].map(([id, s]) => [id, { ...s }]))]));
  const sumsOf = (group: string, accountId: string, withBase: boolean): Sums => {
    let byAccount = result.get(group);
    if (!byAccount) result.set(group, (byAccount = new Map()));
    let s = byAccount.get(accountId);
    if (!s) byAccount.set(accountId, (s = withBase ? { debit: 0n, credit: 0n, base: 0n } : { debit: 0n, credit: 0n }));
    return s;
  };
  const wanted = (accountId: string) => !accountIds || accountIds.has(accountId);
  for (const [postingDate, day] of undo) {
    if (postingDate > date) continue;
    for (const d of day.totals.values()) {
      if (!wanted(d.accountId)) continue;
      const group = groupOf(scope, d.costCenterId);
      if (group === undefined) continue;
      const s = sumsOf(group, d.accountId, false);
      s.debit += d.debit;
      s.credit += d.credit;
    }
    if (scope.kind === 'taxes') {
      for (const t of day.taxes.values()) {
        if (!wanted(t.accountId)) continue;
        const s = sumsOf(t.box, t.accountId, false);
        s.taxable = (s.taxable ?? 0n) + t.taxable;
        s.tax = (s.tax ?? 0n) + t.tax;
      }
      continue;
    }
    if (scope.kind !== 'currencies') continue;
    for (const c of day.currencies.values()) {
      if (!wanted(c.accountId)) continue;
      const s = sumsOf(c.currency, c.accountId, true);
      s.debit += c.debit;
      s.credit += c.credit;
      s.base = (s.base ?? 0n) + c.base;
    }
  }
  return result;
}

/** The group a delta counts in under `scope` (a total delta has no cost center), or undefined when it is outside it. */
function groupOf(scope: BalanceScope, costCenterId: string | null): string | undefined {
  switch (scope.kind) {
    case 'total':
    case 'currencies':
    case 'taxes':
      return costCenterId === null ? TOTAL_GROUP : undefined;
    case 'costCenter':
      return costCenterId === scope.costCenterId ? costCenterId : undefined;
    case 'byCostCenter':
      return costCenterId ?? undefined;
  }
}
