import { randomUUID } from 'node:crypto';
import type { PeriodRecord } from './records.ts';
import { ValidationError } from '../errors.ts';
import { checkPeriodsTileYear, checkYearRange, monthlyPeriods, rangesOverlap, type DateRange } from './rules.ts';

export interface YearShapeInput extends DateRange {
  name?: string | undefined;
  periods?: Array<DateRange & { name?: string | undefined }> | undefined;
}

/**
 * The periods of a year from its input: validated explicit periods, or calendar months.
 * Pure apart from new ids. Errors: ValidationError naming the field.
 */
export function buildPeriods(input: YearShapeInput): PeriodRecord[] {
  checkYearRange(input);
  const ranges = input.periods ?? monthlyPeriods(input);
  if (input.periods) checkPeriodsTileYear(input, input.periods);
  return ranges.map((range, i) => ({
    id: randomUUID(),
    number: i + 1,
    name: (input.periods?.[i]?.name ?? `P${String(i + 1).padStart(2, '0')}`) as string,
    startDate: range.startDate,
    endDate: range.endDate,
    status: 'open',
    version: 1,
  }));
}

/** Refuses a range that overlaps another year of the company (ValidationError on startDate). */
export function checkNoOverlap(range: DateRange, others: Record<string, DateRange>, exceptId?: string): void {
  for (const [id, other] of Object.entries(others)) {
    if (id !== exceptId && rangesOverlap(range, other)) {
      throw ValidationError.field('startDate', `overlaps the financial year ${other.startDate} to ${other.endDate}; years may not overlap: start after ${other.endDate} or end before ${other.startDate}`, 'Overlap');
    }
  }
}

export const defaultYearName = (range: DateRange) =>
  range.startDate.slice(0, 4) === range.endDate.slice(0, 4) ? `FY ${range.startDate.slice(0, 4)}` : `FY ${range.startDate.slice(0, 4)}-${range.endDate.slice(0, 4)}`;
