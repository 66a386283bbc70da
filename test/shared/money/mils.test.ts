import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMils, sumMils, toMils } from '../../../shared/money/mils.ts';

/** Decimal text with up to 15 digits before the point and up to 3 after, either sign. */
const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 999 }))
  .map(([negative, whole, places, fraction]) => `${negative ? '-' : ''}${whole}${places > 0 ? `.${String(fraction).padStart(3, '0').slice(0, places)}` : ''}`);

describe('money as BigInt mils', () => {
  it('reads and writes decimal text exactly as big.js does', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(fromMils(toMils(text))).toBe(new Big(text).toString());
      }),
      { numRuns: 2000 },
    );
  });

  it('sums exactly as big.js does', () => {
    fc.assert(
      fc.property(fc.array(decimalText, { maxLength: 50 }), (texts) => {
        const expected = texts.reduce((sum, t) => sum.plus(t), new Big(0));
        expect(fromMils(sumMils(texts.map(toMils)))).toBe(expected.toString());
      }),
      { numRuns: 500 },
    );
  });

  it('pads to a precision without ever rounding', () => {
    expect(fromMils(toMils('12.5'), 2)).toBe('12.50');
    expect(fromMils(toMils('0.015'), 2)).toBe('0.015');
    expect(fromMils(toMils('-3'), 3)).toBe('-3.000');
    expect(fromMils(0n, 2)).toBe('0.00');
  });

  it('reads the forms DynamoDB and JSON may use, and refuses what is finer than a mil', () => {
    expect(toMils('1E+2')).toBe(100_000n);
    expect(toMils('5e-3')).toBe(5n);
    expect(toMils('0.0050')).toBe(5n);
    expect(toMils('+7')).toBe(7000n);
    expect(() => toMils('0.0001')).toThrow(/thousandth/);
    expect(() => toMils('abc')).toThrow(/decimal/);
  });
});
