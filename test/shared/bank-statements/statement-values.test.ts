import { describe, expect, it } from 'vitest';
import { commaDecimal, signedAmount, signedDecimal } from '../../../shared/bank-statements/statement-amount.ts';
import { dayOfDateTime, entryDate, isoDate, swiftDate } from '../../../shared/bank-statements/statement-dates.ts';

describe('statement amounts', () => {
  it('signs and pads to the currency’s ISO 4217 minor unit, exactly', () => {
    expect(signedAmount('1234.5', 'EUR', true)).toEqual({ amount: '-1234.50' });
    expect(signedAmount('1000', 'JPY', false)).toEqual({ amount: '1000' });
    expect(signedAmount('0.1', 'KWD', false)).toEqual({ amount: '0.100' });
    expect(signedAmount('0.00', 'EUR', true)).toEqual({ amount: '0.00' });
    expect(signedAmount('500.000', 'EUR', false)).toEqual({ amount: '500.00' });
    expect(signedAmount('9999999999999.99', 'EUR', false)).toEqual({ amount: '9999999999999.99' });
    expect(signedAmount('0.30000000000000004', 'EUR', false)).toEqual({ reason: 'has 17 decimal places; EUR has 2' });
    expect(signedAmount('1.5', 'JPY', false)).toEqual({ reason: 'has 1 decimal place; JPY has 0' });
    expect(signedAmount('99999999999999.99', 'EUR', false)).toEqual({ reason: 'has more than 15 significant digits' });
    expect(signedAmount('1e3', 'EUR', false)).toEqual({ reason: 'must be a decimal amount, not "1e3"' });
    expect(signedDecimal('-0.5', 'EUR')).toEqual({ amount: '-0.50' });
    expect(signedDecimal('+2', 'EUR')).toEqual({ amount: '2.00' });
  });

  it('reads SWIFT’s decimal comma, with or without a fraction', () => {
    expect(['3058,98', '500,', '500', '0,5', '1,234,56', '12.5', ''].map(commaDecimal)).toEqual(['3058.98', '500', '500', '0.5', undefined, undefined, undefined]);
  });
});

describe('statement dates', () => {
  it('takes calendar days only', () => {
    expect(['2026-02-28', '2024-02-29', '2026-02-29', '2026-13-01', '26-01-01', '0999-01-01'].map(isoDate)).toEqual(['2026-02-28', '2024-02-29', undefined, undefined, undefined, undefined]);
    expect(dayOfDateTime('2026-03-02T23:30:00-05:00')).toBe('2026-03-02');
    expect(['140729', '991231', '800101', '790101', '260229', '2607'].map(swiftDate)).toEqual(['2014-07-29', '1999-12-31', '1980-01-01', '2079-01-01', undefined, undefined]);
  });

  it('puts an entry date in the year nearest its value date, across a year end either way', () => {
    expect(entryDate('0102', '2025-12-31')).toBe('2026-01-02');
    expect(entryDate('1231', '2026-01-01')).toBe('2025-12-31');
    expect(entryDate('0729', '2014-07-29')).toBe('2014-07-29');
    expect(entryDate('0229', '2024-03-01')).toBe('2024-02-29');
    expect(entryDate('0230', '2024-03-01')).toBeUndefined();
  });
});
