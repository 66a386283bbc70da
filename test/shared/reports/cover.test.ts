import { describe, expect, it } from 'vitest';
import { coverThrough } from '../../../shared/reports/cover.ts';
import { addMonths, checkReportRange, comparisonRange } from '../../../shared/reports/report-range.ts';

const periods = [
  { id: 'jan', startDate: '2026-01-01', endDate: '2026-01-31' },
  { id: 'feb', startDate: '2026-02-01', endDate: '2026-02-28' },
  { id: 'mar', startDate: '2026-03-01', endDate: '2026-03-31' },
];

describe('balances through a date', () => {
  it('counts whole periods and splits the one the date falls in from its nearer end', () => {
    expect(coverThrough(periods, '2025-12-31')).toEqual({ periods: [] });
    expect(coverThrough(periods, '2026-01-31')).toEqual({ periods: ['jan'] });
    expect(coverThrough(periods, '2026-02-14')).toEqual({ periods: ['jan'], edge: { periodId: 'feb', from: '2026-02-01', to: '2026-02-14', sign: 1 } });
    expect(coverThrough(periods, '2026-02-15')).toEqual({ periods: ['jan', 'feb'], edge: { periodId: 'feb', from: '2026-02-16', to: '2026-02-28', sign: -1 } });
    expect(coverThrough(periods, '2026-03-01')).toEqual({ periods: ['jan', 'feb'], edge: { periodId: 'mar', from: '2026-03-01', to: '2026-03-01', sign: 1 } });
    expect(coverThrough(periods, '2026-03-30')).toEqual({ periods: ['jan', 'feb', 'mar'], edge: { periodId: 'mar', from: '2026-03-31', to: '2026-03-31', sign: -1 } });
    expect(coverThrough(periods, '2027-06-01')).toEqual({ periods: ['jan', 'feb', 'mar'] });
  });
});

describe('report ranges', () => {
  const years = [{ startDate: '2026-01-01', endDate: '2027-12-31' }, { startDate: '2028-01-01', endDate: '2028-12-31' }];
  it('allows at most 24 months, in order, with both ends inside a year', () => {
    expect(() => checkReportRange('2026-01-01', '2027-12-31', years)).not.toThrow();
    expect(() => checkReportRange('2026-01-01', '2028-01-01', years)).toThrow(expect.objectContaining({ items: [expect.objectContaining({ name: 'dateTo', code: 'RangeTooLong' })] }));
    expect(() => checkReportRange('2026-02-01', '2026-01-31', years)).toThrow(expect.objectContaining({ items: [expect.objectContaining({ name: 'dateTo', code: 'InvalidRange' })] }));
    expect(() => checkReportRange('2025-12-31', '2026-01-31', years)).toThrow(expect.objectContaining({ items: [expect.objectContaining({ name: 'dateFrom', code: 'NoFinancialYear' })] }));
  });

  it('compares with the equally long range before, or the same dates a year earlier', () => {
    expect(comparisonRange('2026-03-01', '2026-03-31', 'PreviousPeriod')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(comparisonRange('2024-02-01', '2024-02-29', 'PreviousYear')).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('0100-03-15', -2)).toBe('0100-01-15');
  });
});
