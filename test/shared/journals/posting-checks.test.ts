import { describe, expect, it } from 'vitest';
import { monthlyPeriods } from '../../../shared/financial-years/rules.ts';
import { checkClosingPostingDate } from '../../../shared/journals/posting-checks.ts';

describe('where a closing journal posts', () => {
  const closed = { name: 'FY 2026', periods: monthlyPeriods({ startDate: '2026-01-01', endDate: '2026-12-31' }) };
  const refusal = (date: string) => {
    try {
      checkClosingPostingDate(closed, date);
      return undefined;
    } catch (error) {
      return (error as { status: number; items: unknown[] }).items[0];
    }
  };

  it('takes any day of the last period, and no day outside it', () => {
    expect([refusal('2026-12-01'), refusal('2026-12-31')]).toEqual([undefined, undefined]);
    for (const date of ['2026-11-30', '2027-01-01', '2025-12-31', '2026-06-15']) {
      expect(refusal(date), date).toMatchObject({ name: 'postingDate', code: 'OutsideClosingPeriod' });
    }
  });
});
