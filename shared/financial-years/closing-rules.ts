import type { Line } from '../journals/rules.ts';
import { CREDIT, DEBIT } from '../journals/rules.ts';
import { absMils, fromMils, sumMils } from '../money/mils.ts';

export interface AccountNet {
  accountId: string;
  /** The cost center the amounts were booked in; null for those booked without one. */
  costCenterId?: string | null;
  /** Debits minus credits over the year, in mils. */
  net: bigint;
}

/**
 * Most lines a closing journal may hold: more than a journal a user writes (1,000), since one
 * line per (account, cost center) of a large chart adds up, and 2,500 lines keep the journal
 * item under DynamoDB's 400 KB.
 */
export const MAX_CLOSING_LINES = 2500;

/**
 * The closing entry: every revenue and expense account with a balance is brought to zero and
 * the difference, the year's profit or loss, goes to retained earnings. Pure and exact.
 * Each cost center's part of an account is closed in that cost center, so every cost center's
 * revenue and expense come to zero too. Zero balances get no line; with nothing to close the
 * result is empty.
 */
export function closingLines(nets: readonly AccountNet[], retainedEarningsAccountId: string, precision: number): Line[] {
  const lines: Line[] = nets
    .filter((n) => n.net !== 0n)
    .sort((a, b) => (a.accountId !== b.accountId ? (a.accountId < b.accountId ? -1 : 1) : (a.costCenterId ?? '') < (b.costCenterId ?? '') ? -1 : 1))
    .map((n) => ({
      accountId: n.accountId,
      costCenterId: n.costCenterId ?? null,
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
