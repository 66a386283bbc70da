import { ValidationError } from '../errors.ts';

/**
 * Exchange-rate rules (pure). A rate is how many units of the company's base currency one unit
 * of the foreign currency is worth on its date, kept as exact decimal text: never a binary float.
 */
export const RATE_DECIMALS = 10;
/** Rates below 10^12: far above any real rate (1 KWD is about 140,000 IRR), small enough to stay readable. */
export const MAX_RATE_INTEGER_DIGITS = 12;

export type RateProblem = 'format' | 'positive' | 'precision' | 'size';

const PLAIN_DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * The canonical text of a rate (no trailing zeros after the point: "3.7500" -> "3.75"), or why
 * it is refused. Zeros beyond the tenth decimal are accepted, as for amounts: 1.50000000000 is 1.5.
 */
export function parseRate(text: string): { rate: string } | { problem: RateProblem } {
  const negative = text.startsWith('-');
  const match = PLAIN_DECIMAL.exec(negative ? text.slice(1) : text);
  if (!match) return { problem: 'format' };
  const whole = match[1]!;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (negative || (whole === '0' && fraction === '')) return { problem: 'positive' };
  if (fraction.length > RATE_DECIMALS) return { problem: 'precision' };
  if (whole.length > MAX_RATE_INTEGER_DIGITS) return { problem: 'size' };
  return { rate: fraction ? `${whole}.${fraction}` : whole };
}

/** What each problem tells the client about `rate`. */
export const RATE_PROBLEMS: Readonly<Record<RateProblem, string>> = {
  format: `must be a decimal number such as 3.75 or "3.75" (digits, and a point with up to ${RATE_DECIMALS} decimals; no exponent)`,
  positive: 'must be greater than 0',
  precision: `must have at most ${RATE_DECIMALS} decimals`,
  size: `must be below 10^${MAX_RATE_INTEGER_DIGITS}`,
};

/** 400 naming `currency`: a rate converts a foreign currency, never the base currency into itself. */
export const baseCurrencyRefused = () => ValidationError.field('currency', 'must not be the company’s base currency: a rate converts a foreign currency into it', 'BaseCurrency');
