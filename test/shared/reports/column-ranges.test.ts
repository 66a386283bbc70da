import { describe, expect, it } from 'vitest';
import { columnRanges } from '../../../shared/reports/column-ranges.ts';
import { ValidationError } from '../../../shared/errors.ts';

describe('columnRanges', () => {
  it('splits at calendar months, clipping the first and last to the range', () => {
    expect(columnRanges({ from: '2026-01-15', to: '2026-03-10' }, 'month')).toEqual([
      { from: '2026-01-15', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-03-01', to: '2026-03-10' },
    ]);
    expect(columnRanges({ from: '2026-02-03', to: '2026-02-03' }, 'month')).toEqual([{ from: '2026-02-03', to: '2026-02-03' }]);
  });

  it('splits at calendar quarters, across a year end', () => {
    expect(columnRanges({ from: '2026-08-01', to: '2027-01-31' }, 'quarter')).toEqual([
      { from: '2026-08-01', to: '2026-09-30' },
      { from: '2026-10-01', to: '2026-12-31' },
      { from: '2027-01-01', to: '2027-01-31' },
    ]);
  });

  it('allows 12 columns and refuses a 13th, naming columns', () => {
    expect(columnRanges({ from: '2026-01-01', to: '2026-12-31' }, 'month')).toHaveLength(12);
    const thirteen = () => columnRanges({ from: '2026-01-31', to: '2027-01-30' }, 'month');
    expect(thirteen).toThrow(ValidationError);
    expect(thirteen).toThrow(/^columns: gives at most 12 columns/);
    expect(columnRanges({ from: '2026-01-01', to: '2028-12-31' }, 'quarter')).toHaveLength(12);
  });
});
