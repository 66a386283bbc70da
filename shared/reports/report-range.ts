import { ValidationError } from '../errors.ts';
import { addDays, daysBetween, type IsoDate } from '../financial-years/dates.ts';
import type { DateRange } from '../financial-years/rules.ts';

/** Rules of report date ranges, pure. */
export const MAX_REPORT_MONTHS = 24;

/** The same calendar day `months` later (or earlier); a day the month lacks becomes its last day. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(0);
  target.setUTCFullYear(y, m - 1 + months, 1);
  const lastDay = new Date(target);
  lastDay.setUTCFullYear(target.getUTCFullYear(), target.getUTCMonth() + 1, 0);
  target.setUTCDate(Math.min(d, lastDay.getUTCDate()));
  return target.toISOString().slice(0, 10);
}

const inAnyYear = (date: IsoDate, years: readonly DateRange[]) => years.some((y) => y.startDate <= date && date <= y.endDate);

/**
 * A report's range: `to` not before `from`, at most 24 months, and both ends inside a
 * financial year. Errors: ValidationError naming the field (InvalidRange, RangeTooLong, NoFinancialYear).
 */
export function checkReportRange(from: IsoDate, to: IsoDate, years: readonly DateRange[], names = { from: 'dateFrom', to: 'dateTo' }): void {
  if (to < from) throw ValidationError.field(names.to, `must not be before ${names.from}`, 'InvalidRange');
  if (to >= addMonths(from, MAX_REPORT_MONTHS)) throw ValidationError.field(names.to, `a report covers at most ${MAX_REPORT_MONTHS} months from ${names.from}`, 'RangeTooLong');
  checkInYear(from, years, names.from);
  checkInYear(to, years, names.to);
}

/** Errors: ValidationError NoFinancialYear naming the field. */
export function checkInYear(date: IsoDate, years: readonly DateRange[], name: string): void {
  if (!inAnyYear(date, years)) throw ValidationError.field(name, 'falls in no financial year of the company', 'NoFinancialYear');
}

export type Comparison = 'PreviousPeriod' | 'PreviousYear';

/** The range a comparison column covers: the equally long range just before, or the same dates a year earlier. */
export function comparisonRange(from: IsoDate, to: IsoDate, comparison: Comparison): { from: IsoDate; to: IsoDate } {
  if (comparison === 'PreviousYear') return { from: addMonths(from, -12), to: addMonths(to, -12) };
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** The financial year containing a date. */
export function yearContaining<Y extends DateRange>(date: IsoDate, years: readonly Y[]): Y | undefined {
  return years.find((y) => y.startDate <= date && date <= y.endDate);
}
