import Big from 'big.js';
import type { Line } from '../journals/rules.ts';
import { CREDIT, DEBIT } from '../journals/rules.ts';

export interface AccountNet {
  accountId: string;
  /** Debits minus credits over the year. */
  net: Big;
}

/**
 * The closing entry: every revenue and expense account with a balance is brought to zero and
 * the difference, the year's profit or loss, goes to retained earnings. Pure and exact.
 * Accounts with a zero balance get no line; with nothing to close the result is empty.
 */
export function closingLines(nets: readonly AccountNet[], retainedEarningsAccountId: string, precision: number): Line[] {
  const lines: Line[] = nets
    .filter((n) => !n.net.eq(0))
    .sort((a, b) => (a.accountId < b.accountId ? -1 : 1))
    .map((n) => ({
      accountId: n.accountId,
      costCenterId: null,
      side: n.net.gt(0) ? CREDIT : DEBIT,
      amount: n.net.abs().toFixed(precision),
    }));
  if (lines.length === 0) return [];
  const profit = nets.reduce((sum, n) => sum.minus(n.net), new Big(0)); // credits minus debits of P&L
  if (!profit.eq(0)) {
    lines.push({ accountId: retainedEarningsAccountId, costCenterId: null, side: profit.gt(0) ? CREDIT : DEBIT, amount: profit.abs().toFixed(precision) });
  }
  return lines;
}
