import Big from 'big.js';
import { MAX_SIGNIFICANT_DIGITS } from './amount.ts';

/**
 * Exchange arithmetic, pure and exact (big.js decimals, never binary floats). A rate is base
 * units for one unit of the foreign currency (docs/decisions.md, "Foreign currencies").
 */
export const MAX_RATE_DECIMALS = 10;
const PLAIN_RATE = new RegExp(`^(0|[1-9]\\d*)(\\.\\d{1,${MAX_RATE_DECIMALS}})?$`);

/** The canonical text of a rate (positive, at most 10 decimals and 15 significant digits), or why not. */
export function parseRate(text: string): { rate: string } | { problem: string } {
  if (!PLAIN_RATE.test(text)) return { problem: `must be a positive decimal number with at most ${MAX_RATE_DECIMALS} decimals` };
  const rate = new Big(text);
  if (rate.lte(0)) return { problem: 'must be greater than zero' };
  if (rate.c.length > MAX_SIGNIFICANT_DIGITS) return { problem: `has more than ${MAX_SIGNIFICANT_DIGITS} significant digits` };
  return { rate: rate.toFixed() };
}

/** `amount` of a currency in base units at `rate`, rounded half away from zero to the base precision. */
export function toBaseAmount(amount: string, rate: string, basePrecision: number): string {
  return new Big(amount).times(rate).round(basePrecision, Big.roundHalfUp).toFixed(basePrecision);
}
