import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBaseAmount } from '../../../shared/money/exchange.ts';

/** amount x rate in base units, rounded half away from zero, by integer arithmetic alone (the oracle). */
function naive(units: bigint, amountDecimals: number, rateUnits: bigint, rateDecimals: number, precision: number): string {
  const product = units * rateUnits; // scaled by 10^(amountDecimals + rateDecimals)
  const drop = 10n ** BigInt(amountDecimals + rateDecimals - precision);
  const rounded = drop >= 1n ? (product + drop / 2n) / drop : product * 10n ** BigInt(precision - amountDecimals - rateDecimals);
  const text = rounded.toString().padStart(precision + 1, '0');
  return precision === 0 ? text : `${text.slice(0, -precision)}.${text.slice(-precision)}`;
}
const decimal = (units: bigint, decimals: number) => {
  const text = units.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
};

describe('exchange arithmetic', () => {
  it('converts exactly, rounding half away from zero to the base precision', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 3 }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 2, max: 3 }),
        (units, amountDecimals, rateUnits, rateDecimals, precision) => {
          const drop = amountDecimals + rateDecimals - precision;
          fc.pre(drop >= 0);
          expect(toBaseAmount(decimal(units, amountDecimals), decimal(rateUnits, rateDecimals), precision)).toBe(naive(units, amountDecimals, rateUnits, rateDecimals, precision));
        },
      ),
      { numRuns: 2000 },
    );
    expect(toBaseAmount('1001', '0.025', 2)).toBe('25.03');
    expect(toBaseAmount('33.33', '3.7501', 2)).toBe('124.99');
  });

});
