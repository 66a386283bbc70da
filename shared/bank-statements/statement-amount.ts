import Big from 'big.js';
import { MAX_SIGNIFICANT_DIGITS } from '../money/amount.ts';
import { isCurrency, minorUnits } from '../money/currencies.ts';

/**
 * A statement's amounts (pure), exact through big.js: decimal text in, signed canonical text out
 * (the currency's ISO 4217 minor units, so 500 EUR reads "500.00" and 1000 JPY "1000").
 */
const UNSIGNED_DECIMAL = /^\d+(\.\d+)?$/;

/** Why `currency` cannot carry a statement, if it cannot: amounts are checked against its ISO minor unit. */
export function currencyProblem(currency: string): string | undefined {
  return isCurrency(currency) ? undefined : `must be an ISO 4217 currency code, not ${JSON.stringify(currency)}`;
}

/**
 * The amount of unsigned decimal `text` (a point before the fraction), below zero when
 * `negative`, or why it is not one. `currency` must pass currencyProblem.
 */
export function signedAmount(text: string, currency: string, negative: boolean): { amount: string } | { reason: string } {
  if (!UNSIGNED_DECIMAL.test(text)) return { reason: `must be a decimal amount, not ${JSON.stringify(text.slice(0, 40))}` };
  const [whole = '', fraction = ''] = text.split('.');
  const units = minorUnits(currency);
  // Zeros past the minor unit change nothing (500.000 EUR is 500.00); any other digit is a fraction of a cent.
  if (/[1-9]/.test(fraction.slice(units))) return { reason: `has ${fraction.length} decimal place${fraction.length === 1 ? '' : 's'}; ${currency} has ${units}` };
  if (whole.replace(/^0+/, '').length + units > MAX_SIGNIFICANT_DIGITS) return { reason: `has more than ${MAX_SIGNIFICANT_DIGITS} significant digits` };
  const value = new Big(text);
  // No "-0.00": a zero is a zero whichever side the bank marks it.
  return { amount: (negative && !value.eq(0) ? value.neg() : value).toFixed(units) };
}

/** Decimal text with an optional sign (CSV amounts and the balances a caller gives), as signedAmount reads it. */
export function signedDecimal(text: string, currency: string): { amount: string } | { reason: string } {
  const negative = text.startsWith('-');
  return signedAmount(/^[+-]/.test(text) ? text.slice(1) : text, currency, negative);
}

/** SWIFT's amount with a decimal comma, which may leave the fraction out ("500," and "500" are 500), as text with a point; undefined if it is not one. */
export function commaDecimal(text: string): string | undefined {
  const match = /^(\d+)(?:,(\d*))?$/.exec(text);
  if (!match) return undefined;
  return match[2] ? `${match[1]}.${match[2]}` : match[1];
}

/** The sum of signed amounts, exact. */
export function sumOf(amounts: Iterable<string>): Big {
  let total = new Big(0);
  for (const amount of amounts) total = total.plus(amount);
  return total;
}
