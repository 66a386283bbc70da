import { describe, expect, it } from 'vitest';
import { StateConflict, ValidationError } from '../../../shared/errors.ts';
import { checkPeriodsTileYear, checkYearCanClose, checkYearRange, monthlyPeriods, nextPeriodStatus, rangesOverlap } from '../../../shared/financial-years/rules.ts';

describe('financial year rules', () => {
  it('generates calendar-month periods, partial at the edges', () => {
    expect(monthlyPeriods({ startDate: '2026-01-01', endDate: '2026-12-31' })).toHaveLength(12);
    expect(monthlyPeriods({ startDate: '2026-01-01', endDate: '2026-12-31' })[1]).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(monthlyPeriods({ startDate: '2028-02-01', endDate: '2028-02-29' })).toEqual([{ startDate: '2028-02-01', endDate: '2028-02-29' }]);
    const fiscal = monthlyPeriods({ startDate: '2026-04-15', endDate: '2027-04-14' });
    expect(fiscal[0]).toEqual({ startDate: '2026-04-15', endDate: '2026-04-30' });
    expect(fiscal.at(-1)).toEqual({ startDate: '2027-04-01', endDate: '2027-04-14' });
    expect(fiscal).toHaveLength(13);
  });

  it('ends at the last representable date and keeps years below 100 as written', () => {
    expect(monthlyPeriods({ startDate: '9999-11-15', endDate: '9999-12-31' })).toEqual([
      { startDate: '9999-11-15', endDate: '9999-11-30' },
      { startDate: '9999-12-01', endDate: '9999-12-31' },
    ]);
    expect(monthlyPeriods({ startDate: '0050-01-01', endDate: '0050-02-28' })).toEqual([
      { startDate: '0050-01-01', endDate: '0050-01-31' },
      { startDate: '0050-02-01', endDate: '0050-02-28' },
    ]);
  });

  it('refuses reversed or over-long years', () => {
    expect(() => checkYearRange({ startDate: '2026-12-31', endDate: '2026-01-01' })).toThrow(ValidationError);
    expect(() => checkYearRange({ startDate: '2026-01-01', endDate: '2028-01-02' })).toThrow(ValidationError);
    expect(() => checkYearRange({ startDate: '2026-01-01', endDate: '2026-12-31' })).not.toThrow();
  });

  it('requires explicit periods to tile the year with no gap or overlap', () => {
    const year = { startDate: '2026-01-01', endDate: '2026-12-31' };
    expect(() => checkPeriodsTileYear(year, [{ startDate: '2026-01-01', endDate: '2026-06-30' }, { startDate: '2026-07-01', endDate: '2026-12-31' }])).not.toThrow();
    const gap = () => checkPeriodsTileYear(year, [{ startDate: '2026-01-01', endDate: '2026-06-29' }, { startDate: '2026-07-01', endDate: '2026-12-31' }]);
    expect(gap).toThrow(/2026-06-30/);
    const short = () => checkPeriodsTileYear(year, [{ startDate: '2026-01-01', endDate: '2026-11-30' }]);
    expect(short).toThrow(/2026-12-31/);
    expect(() => checkPeriodsTileYear(year, [])).toThrow(ValidationError);
  });

  it('detects overlapping ranges, touching ends included', () => {
    expect(rangesOverlap({ startDate: '2026-01-01', endDate: '2026-12-31' }, { startDate: '2026-12-31', endDate: '2027-12-30' })).toBe(true);
    expect(rangesOverlap({ startDate: '2026-01-01', endDate: '2026-12-31' }, { startDate: '2027-01-01', endDate: '2027-12-31' })).toBe(false);
  });

  it('follows the period state machine', () => {
    expect(nextPeriodStatus('open', 'Lock', 'open')).toBe('locked');
    expect(nextPeriodStatus('open', 'Close', 'open')).toBe('closed');
    expect(nextPeriodStatus('locked', 'Close', 'open')).toBe('closed');
    expect(nextPeriodStatus('locked', 'Reopen', 'open')).toBe('open');
    expect(nextPeriodStatus('closed', 'Reopen', 'open')).toBe('open');
    for (const [status, transition] of [['locked', 'Lock'], ['closed', 'Lock'], ['closed', 'Close'], ['open', 'Reopen']] as const) {
      expect(() => nextPeriodStatus(status, transition, 'open'), `${status} ${transition}`).toThrow(StateConflict);
    }
    expect(() => nextPeriodStatus('closed', 'Reopen', 'closed')).toThrow(/year is closed/);
  });

  it('closes a year only with every period closed and no drafts, naming what to do first', () => {
    const period = (name: string, status: 'open' | 'locked' | 'closed') => ({ id: `id-${name}`, name, status, startDate: '2026-01-01', endDate: '2026-01-31' });
    const year = (status: 'open' | 'closed', ...periods: ReturnType<typeof period>[]) => ({ id: 'y', name: 'FY 2026', status, startDate: '2026-01-01', endDate: '2026-12-31', periods });
    expect(() => checkYearCanClose('c', year('open', period('P01', 'closed'), period('P02', 'closed')), 0)).not.toThrow();
    expect(() => checkYearCanClose('c', year('open', period('P01', 'closed'), period('P02', 'locked')), 0)).toThrow(
      '1 period(s) of the year are not closed (P02 locked); close each first, as POST /api/v1/Companies/c/FinancialYears/y/Periods/id-P02/Close (permission financial-years:close) closes P02.',
    );
    expect(() => checkYearCanClose('c', year('open', period('P01', 'closed')), 1)).toThrow('GET /api/v1/Companies/c/Journals?status=draft&dateFrom=2026-01-01&dateTo=2026-12-31 lists them');
    expect(() => checkYearCanClose('c', year('closed', period('P01', 'closed')), 0)).toThrow(/already closed/);
  });
});
