import { fromMils, MIL_DIGITS, sumMils, toMils } from './mils.ts';

/**
 * Exact money. Amounts travel as decimal text (the JSON number's own digits, never a binary
 * float) and are added as BigInt mils (mils.ts). At most 15 significant digits, so the JSON
 * number written back reads as exactly the same decimal.
 */
export const MAX_SIGNIFICANT_DIGITS = 15;
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

export type AmountProblem = 'format' | 'positive' | 'precision' | 'size';

/** The canonical text of a positive amount with at most `precision` decimals, or the problem. */
export function parseAmount(text: string, precision: number): { amount: string } | { problem: AmountProblem } {
  if (!PLAIN_DECIMAL.test(text)) return { problem: 'format' };
  const fraction = text.split('.')[1] ?? '';
  if (/[1-9]/.test(fraction.slice(precision))) return { problem: 'precision' };
  const mils = toMils(text);
  if (mils <= 0n) return { problem: 'positive' };
  const amount = fromMils(mils, precision);
  if (amount.replace('.', '').replace(/^0+/, '').length > MAX_SIGNIFICANT_DIGITS) return { problem: 'size' };
  return { amount };
}

export function sumAmounts(amounts: readonly string[]): string {
  return fromMils(sumMils(amounts.map(toMils)));
}

export function equalAmounts(a: string, b: string): boolean {
  return toMils(a) === toMils(b);
}

export function negate(amount: string): string {
  return fromMils(-toMils(amount));
}

/**
 * A total as text with at least `precision` decimals and never fewer than its own: a report
 * pads to the currency's precision but never rounds a unit away.
 */
export function formatTotal(mils: bigint, precision: number): string {
  return fromMils(mils, Math.min(precision, MIL_DIGITS));
}

/** For JSON responses: exact for amounts of at most 15 significant digits. */
export function amountToNumber(amount: string): number {
  return Number(amount);
}
