import { TOTAL_GROUP, type GroupedSums, type Sums } from '../balances/records.ts';
import { formatTotal } from '../money/amount.ts';
import { minorUnits } from '../money/currencies.ts';
import type { ChartAccount } from './account-tree.ts';
import { net, onSide } from './figures.ts';

/**
 * A trial balance's figures in foreign currencies, pure: per account and currency, the opening,
 * movement and closing in that currency's units, from the foreign-currency balances through the
 * day before the range and through its end (read like the base figures). A category sums its
 * leaves per currency; amounts of different currencies are never added together.
 */

/** Opening debit, credit; movement debit, credit; closing debit, credit: from the balances before and through a range. */
export function sixFigures(before: Sums | undefined, through: Sums | undefined): bigint[] {
  return [...onSide(net(before)), (through?.debit ?? 0n) - (before?.debit ?? 0n), (through?.credit ?? 0n) - (before?.credit ?? 0n), ...onSide(net(through))];
}

/** Six figures per currency. */
export type CurrencyFigures = Map<string, bigint[]>;

/** Per account, its figures in each foreign currency it has any in (from sums in scope `currencies`; the base group is left out). */
export function currencyFiguresByAccount(before: GroupedSums, through: GroupedSums): Map<string, CurrencyFigures> {
  const byAccount = new Map<string, CurrencyFigures>();
  for (const currency of new Set([...before.keys(), ...through.keys()])) {
    if (currency === TOTAL_GROUP) continue;
    const o = before.get(currency) ?? new Map<string, Sums>();
    const c = through.get(currency) ?? new Map<string, Sums>();
    for (const accountId of new Set([...o.keys(), ...c.keys()])) {
      const figures = sixFigures(o.get(accountId), c.get(accountId));
      if (figures.every((f) => f === 0n)) continue;
      const own = byAccount.get(accountId) ?? new Map<string, bigint[]>();
      byAccount.set(accountId, own.set(currency, figures));
    }
  }
  return byAccount;
}

/** An account's currency figures: a leaf's own, a category's its children's summed per currency (memoized in `memo`). */
export function subtreeCurrencies(account: ChartAccount, byLeaf: ReadonlyMap<string, CurrencyFigures>, memo: Map<string, CurrencyFigures>): CurrencyFigures {
  const known = memo.get(account.id);
  if (known) return known;
  let figures: CurrencyFigures = byLeaf.get(account.id) ?? new Map();
  if (account.type !== 'leaf') {
    figures = new Map();
    for (const child of account.children) {
      for (const [currency, f] of subtreeCurrencies(child, byLeaf, memo)) {
        const sum = figures.get(currency) ?? new Array<bigint>(6).fill(0n);
        figures.set(currency, sum.map((s, i) => s + f[i]!));
      }
    }
  }
  memo.set(account.id, figures);
  return figures;
}

/** The `currencies` of a report row: by currency code, each figure at that currency's ISO precision. */
export function currencyColumns(figures: CurrencyFigures) {
  return [...figures.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, f]) => {
      const sides = (at: number) => ({ debit: formatTotal(f[at]!, minorUnits(currency)), credit: formatTotal(f[at + 1]!, minorUnits(currency)) });
      return { currency, opening: sides(0), movement: sides(2), closing: sides(4) };
    });
}
