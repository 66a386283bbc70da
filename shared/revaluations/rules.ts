import { CREDIT, DEBIT, type Line } from '../journals/rules.ts';
import { toBaseAmount } from '../money/exchange.ts';
import { fromMils, toMils } from '../money/mils.ts';

/**
 * Revaluation, pure: what each foreign-currency balance of an asset or liability account is
 * worth in base at a date's rate, and the lines that bring its base there (docs/decisions.md,
 * "Revaluation and its reversal").
 */

/** One (account, currency) balance at the date: in the currency, and the base its lines carry, in mils. */
export interface CurrencyHolding {
  accountId: string;
  currency: string;
  /** Debit minus credit in the currency. */
  foreign: bigint;
  /** Debit minus credit of the base amounts of the same lines (and of earlier revaluations of the currency). */
  base: bigint;
}

export interface Revalued extends CurrencyHolding {
  rate: string;
  /** Foreign balance times the rate, rounded half away from zero to the base precision. */
  target: bigint;
  difference: bigint;
}

/** The holding at `rate`: its target base and the difference from the base it carries. */
export function revalue(holding: CurrencyHolding, rate: string, basePrecision: number): Revalued {
  // big.js rounds half away from zero on either sign, so a credit balance rounds like a debit one.
  const target = toMils(toBaseAmount(fromMils(holding.foreign), rate, basePrecision));
  return { ...holding, rate, target, difference: target - holding.base };
}

/**
 * The revaluation journal's lines: per holding with a difference, a base-currency line on its
 * account (debit when the difference is positive, as balances run debit minus credit) marked
 * with the currency it revalues; and one line for the net on the gain and loss account.
 */
export function revaluationLines(revalued: readonly Revalued[], gainLossAccountId: string, baseCurrency: string, basePrecision: number): Line[] {
  const line = (accountId: string, signed: bigint): Line => ({
    accountId,
    costCenterId: null,
    side: signed > 0n ? DEBIT : CREDIT,
    amount: fromMils(signed > 0n ? signed : -signed, basePrecision),
    currency: baseCurrency,
  });
  const moved = revalued.filter((r) => r.difference !== 0n);
  const lines = moved.map((r) => ({ ...line(r.accountId, r.difference), revaluationOf: r.currency }));
  const net = moved.reduce((sum, r) => sum + r.difference, 0n);
  return net === 0n ? lines : [...lines, line(gainLossAccountId, -net)];
}
