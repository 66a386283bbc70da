import type { Line } from '../journals/rules.ts';
import { CREDIT, DEBIT } from '../journals/rules.ts';
import { absMils, fromMils, sumMils } from '../money/mils.ts';

export interface AccountNet {
  accountId: string;
  /** Debits minus credits over the year, in mils. */
  net: bigint;
}

/**
 * The closing entry: every revenue and expense account with a balance is brought to zero and
 * the difference, the year's profit or loss, goes to retained earnings. Pure and exact.
 * Accounts with a zero balance get no line; with nothing to close the result is empty.
 */
export function closingLines(nets: readonly AccountNet[], retainedEarningsAccountId: string, precision: number): Line[] {
  const lines: Line[] = nets
    .filter((n) => n.net !== 0n)
    .sort((a, b) => (a.accountId < b.accountId ? -1 : 1))
    .map((n) => ({
      accountId: n.accountId,
      costCenterId: null,
      side: n.net > 0n ? CREDIT : DEBIT,
      amount: fromMils(absMils(n.net), precision),
    }));
  if (lines.length === 0) return [];
  const profit = -sumMils(nets.map((n) => n.net)); // credits minus debits of P&L
  if (profit !== 0n) {
    lines.push({ accountId: retainedEarningsAccountId, costCenterId: null, side: profit > 0n ? CREDIT : DEBIT, amount: fromMils(absMils(profit), precision) });
  }
  return lines;
}
