import { ValidationError } from '../errors.ts';
import { addDays, type IsoDate } from '../financial-years/dates.ts';
import { addMonths } from './report-range.ts';

/**
 * Columns of a report by period, pure: `month` or `quarter` splits a range at the calendar's
 * month or quarter boundaries (quarters begin in January, April, July and October), the first
 * and last clipped to the range. At most MAX_COLUMNS of them, plus the total column the report
 * adds for the whole range.
 */
export const MAX_COLUMNS = 12;
export const COLUMN_SPLITS = ['month', 'quarter'] as const;
export type ColumnSplit = (typeof COLUMN_SPLITS)[number];

export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

/** The first day of the month or quarter holding a date. */
function periodStart(date: IsoDate, split: ColumnSplit): IsoDate {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const month = split === 'month' ? m : Math.floor((m - 1) / 3) * 3 + 1;
  return `${String(y).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** Errors: ValidationError naming `columns` when the range spans more than MAX_COLUMNS months or quarters. */
export function columnRanges(range: DateRange, split: ColumnSplit): DateRange[] {
  const step = split === 'month' ? 1 : 3;
  const ranges: DateRange[] = [];
  for (let start = periodStart(range.from, split); start <= range.to; start = addMonths(start, step)) {
    if (ranges.length === MAX_COLUMNS) throw ValidationError.field('columns', `gives at most ${MAX_COLUMNS} columns: the range spans more than ${MAX_COLUMNS} ${split === 'month' ? 'months' : 'quarters'}`, 'TooManyColumns');
    const end = addDays(addMonths(start, step), -1);
    ranges.push({ from: start < range.from ? range.from : start, to: end > range.to ? range.to : end });
  }
  return ranges;
}
