import Big from 'big.js';

/**
 * Exact money. Amounts travel as decimal text (the JSON number's own digits, never a binary
 * float) and are summed with big.js. At most 15 significant digits, so the JSON number written
 * back reads as exactly the same decimal.
 */
export const MAX_SIGNIFICANT_DIGITS = 15;
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

export type AmountProblem = 'format' | 'positive' | 'precision' | 'size';

/** The canonical text of a positive amount with at most `precision` decimals, or the problem. */
export function parseAmount(text: string, precision: number): { amount: string } | { problem: AmountProblem } {
  if (!PLAIN_DECIMAL.test(text)) return { problem: 'format' };
  const value = new Big(text);
  if (value.lte(0)) return { problem: 'positive' };
  if (!value.round(precision, Big.roundDown).eq(value)) return { problem: 'precision' };
  if (value.toFixed(precision).replace('.', '').replace(/^0+/, '').length > MAX_SIGNIFICANT_DIGITS) return { problem: 'size' };
  return { amount: value.toFixed(precision) };
}

export function sumAmounts(amounts: readonly string[]): string {
  return amounts.reduce((total, a) => total.plus(a), new Big(0)).toString();
}

export function equalAmounts(a: string, b: string): boolean {
  return new Big(a).eq(b);
}

export function negate(amount: string): string {
  return new Big(amount).times(-1).toString();
}

/**
 * A total as text with at least `precision` decimals and never fewer than its own: a report
 * pads to the currency's precision but never rounds a unit away.
 */
export function formatTotal(value: Big, precision: number): string {
  const ownDecimals = Math.max(0, value.c.length - value.e - 1);
  return value.toFixed(Math.max(precision, ownDecimals));
}

/** For JSON responses: exact for amounts of at most 15 significant digits. */
export function amountToNumber(amount: string): number {
  return Number(amount);
}
