import { StateConflict, ValidationError } from '../errors.ts';
import { operationNamed, WAY_OUT_CLOSE_PERIOD, WAY_OUT_LIST_JOURNALS } from '../schemas/api-paths.ts';
import { addDays, daysBetween, endOfMonth, minDate, type IsoDate } from './dates.ts';
import type { PERIOD_STATUSES, YEAR_STATUSES } from '../schemas/financial-year-values.ts';

/**
 * Financial year and period rules, pure.
 *
 * Period states:
 *
 *   open ──Lock──> locked ──Reopen──> open
 *   open | locked ──Close──> closed ──Reopen──> open      (Reopen only while the year is open)
 *
 * open: everything allowed. locked and closed: nothing may be posted, voided or reversed
 * into the period. Year states: open ──Close──> closed, allowed once every period is closed
 * and no draft journal is dated inside the year; a closed year refuses every change.
 */
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];
export type YearStatus = (typeof YEAR_STATUSES)[number];
export type PeriodTransition = 'Lock' | 'Close' | 'Reopen';

export const MAX_YEAR_DAYS = 731;
export const MAX_PERIODS = 24;

export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/**
 * Calendar-month periods covering the range; the first and last may be partial months.
 * Stops at the period that reaches the end date, never by comparing the day after it (the
 * day after 9999-12-31 is no longer a four-digit date), so it makes one period per month.
 */
export function monthlyPeriods(range: DateRange): DateRange[] {
  const periods: DateRange[] = [];
  let start = range.startDate;
  for (;;) {
    const end = minDate(endOfMonth(start), range.endDate);
    periods.push({ startDate: start, endDate: end });
    if (end === range.endDate) return periods;
    start = addDays(end, 1);
  }
}

/** Refuses a year whose range is reversed or too long. Errors name `startDate`/`endDate`. */
export function checkYearRange(range: DateRange): void {
  if (range.endDate < range.startDate) throw ValidationError.field('endDate', 'must not be before startDate');
  if (daysBetween(range.startDate, range.endDate) >= MAX_YEAR_DAYS) {
    throw ValidationError.field('endDate', `a financial year spans at most ${MAX_YEAR_DAYS} days`);
  }
}

/** Explicit periods must tile the year exactly: in order, contiguous, no gaps, no overlaps. */
export function checkPeriodsTileYear(year: DateRange, periods: DateRange[]): void {
  if (periods.length === 0 || periods.length > MAX_PERIODS) {
    throw ValidationError.field('periods', `must list 1 to ${MAX_PERIODS} periods`);
  }
  let expectedStart = year.startDate;
  periods.forEach((p, i) => {
    if (p.startDate !== expectedStart) {
      throw ValidationError.field(`periods[${i}].startDate`, `must be ${expectedStart}: periods are contiguous and start with the year`);
    }
    if (p.endDate < p.startDate) throw ValidationError.field(`periods[${i}].endDate`, 'must not be before startDate');
    expectedStart = addDays(p.endDate, 1);
  });
  if (periods.at(-1)!.endDate !== year.endDate) {
    throw ValidationError.field(`periods[${periods.length - 1}].endDate`, `must be ${year.endDate}, the end of the year`);
  }
}

export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

const PERIOD_TRANSITIONS: Record<PeriodTransition, { from: PeriodStatus[]; to: PeriodStatus }> = {
  Lock: { from: ['open'], to: 'locked' },
  Close: { from: ['open', 'locked'], to: 'closed' },
  Reopen: { from: ['locked', 'closed'], to: 'open' },
};

/** A year as the rules below read it. */
interface YearOf<P> {
  id: string;
  name: string;
  status: YearStatus;
  periods: readonly P[];
}
type NamedPeriod = DateRange & { id: string; name: string; status: PeriodStatus };
type DatedYear = YearOf<NamedPeriod> & DateRange;

/** A period's Close, as a reason names it (schemas/api-paths.ts). */
const closeOperation = (companyId: string, yearId: string, periodId: string) => operationNamed(WAY_OUT_CLOSE_PERIOD(), { companyId, id: yearId, periodId });

/** The period's next status, or StateConflict (InvalidState) when the transition does not apply (the reason says what does). */
export function nextPeriodStatus(current: PeriodStatus, transition: PeriodTransition, yearStatus: YearStatus): PeriodStatus {
  if (yearStatus === 'closed') throw new StateConflict('InvalidState', 'The financial year is closed, and a closed year is never reopened; its periods cannot change.');
  const rule = PERIOD_TRANSITIONS[transition];
  if (!rule.from.includes(current)) {
    // A closed period locks only once reopened; the other refusals ask for what is already so.
    const wayOut = transition === 'Lock' && current === 'closed' ? ' Reopen it first.' : '';
    throw new StateConflict('InvalidState', `${transition} applies to a period that is ${rule.from.join(' or ')}; this one is ${current}.${wayOut}`);
  }
  return rule.to;
}

/** Why a year cannot close, naming the periods and what to do first, or undefined. */
export function yearCloseRefusal(companyId: string, year: DatedYear, draftJournals: number): StateConflict | undefined {
  if (year.status === 'closed') return new StateConflict('InvalidState', 'The financial year is already closed.');
  const open = year.periods.filter((p) => p.status !== 'closed');
  if (open.length > 0) {
    const first = open[0]!;
    return new StateConflict(
      'PeriodsNotClosed',
      `${open.length} period(s) of the year are not closed (${open.map((p) => `${p.name} ${p.status}`).join(', ')}); close each first, as ${closeOperation(companyId, year.id, first.id)} closes ${first.name}.`,
    );
  }
  if (draftJournals > 0) {
    const drafts = operationNamed(WAY_OUT_LIST_JOURNALS(), { companyId }, { query: `?status=draft&dateFrom=${year.startDate}&dateTo=${year.endDate}`, withPermission: false });
    return new StateConflict('UnpostedJournals', `Draft journals are dated inside the year; post or void them first (${drafts} lists them; status=submitted and status=approved list those awaiting or holding their approval).`);
  }
  return undefined;
}

export function checkYearCanClose(companyId: string, year: DatedYear, draftJournals: number): void {
  const refusal = yearCloseRefusal(companyId, year, draftJournals);
  if (refusal) throw refusal;
}
