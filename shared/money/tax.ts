import Big from 'big.js';

/**
 * Tax arithmetic, pure and exact (big.js decimals, never binary floats): a line's tax at a
 * percent, rounded per line half away from zero to the line currency's precision.
 */

/** The tax on `amount` (without tax) at `percent`. */
export function taxOn(amount: string, percent: string, precision: number): string {
  return new Big(amount).times(percent).div(100).round(precision, Big.roundHalfUp).toFixed(precision);
}

/** The tax within `gross` (tax included) at `percent`: gross x percent / (100 + percent). */
export function taxWithin(gross: string, percent: string, precision: number): string {
  return new Big(gross).times(percent).div(new Big(percent).plus(100)).round(precision, Big.roundHalfUp).toFixed(precision);
}
