import Big from 'big.js';

/**
 * Exchange arithmetic, pure and exact (big.js decimals, never binary floats). A rate is base
 * units for one unit of the foreign currency (docs/decisions.md, "Foreign-currency lines").
 */

/** `amount` of a currency in base units at `rate`, rounded half away from zero to the base precision. */
export function toBaseAmount(amount: string, rate: string, basePrecision: number): string {
  return new Big(amount).times(rate).round(basePrecision, Big.roundHalfUp).toFixed(basePrecision);
}
