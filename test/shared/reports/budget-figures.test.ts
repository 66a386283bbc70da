import { describe, expect, it } from 'vitest';
import { budgetForRange, variance, variancePercent } from '../../../shared/reports/budget-figures.ts';
import { columnRanges } from '../../../shared/reports/column-ranges.ts';

const periods = [
  { id: 'jan', startDate: '2026-01-01', endDate: '2026-01-31' },
  { id: 'feb', startDate: '2026-02-01', endDate: '2026-02-28' },
];

describe('budget figures', () => {
  it('takes whole periods in full and a cut one pro rata by days, rounded half away from zero per period', () => {
    // In mils: 1000.00 and 10.00.
    expect(budgetForRange([1_000_000n, 10_000n], periods, { from: '2026-01-01', to: '2026-02-28' }, 2)).toBe(1_010_000n);
    // 1000 x 16/31 = 516.129... -> 516.13; 10 x 14/28 = 5.
    expect(budgetForRange([1_000_000n, 10_000n], periods, { from: '2026-01-16', to: '2026-02-14' }, 2)).toBe(521_130n);
    // -0.05 x 1/2 = -0.025 -> -0.03 (away from zero); at 3 decimals exact.
    const twoDays = [{ id: 'p', startDate: '2026-01-01', endDate: '2026-01-02' }];
    expect(budgetForRange([-50n], twoDays, { from: '2026-01-01', to: '2026-01-01' }, 2)).toBe(-30n);
    expect(budgetForRange([-50n], twoDays, { from: '2026-01-01', to: '2026-01-01' }, 3)).toBe(-25n);
  });

  it('signs a variance favourable-positive and gives its percent of the budget, none for a zero budget', () => {
    expect(variance('revenue', 100n, 120n)).toBe(20n);
    expect(variance('expense', 100n, 120n)).toBe(-20n);
    expect(variancePercent(300_000n, 50_000n)).toBe(1667n);
    expect(variancePercent(-300_000n, 50_000n)).toBe(1667n);
    expect(variancePercent(0n, 5n)).toBeNull();
  });

  it('cuts a budget vs actual range into calendar months (the report columns’ split)', () => {
    expect(columnRanges({ from: '2026-01-15', to: '2026-03-02' }, 'month')).toEqual([
      { from: '2026-01-15', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-03-01', to: '2026-03-02' },
    ]);
    expect(columnRanges({ from: '2026-05-05', to: '2026-05-05' }, 'month')).toEqual([{ from: '2026-05-05', to: '2026-05-05' }]);
  });
});
