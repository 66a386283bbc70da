/**
 * When a recurring journal falls due (pure): the occurrence dates of a schedule, in order.
 *
 *   monthly / quarterly / yearly  the start date's month, then every 1 / 3 / 12 months, on
 *                                 `dayOfMonth` or the month's last day when the month is shorter
 *                                 (31 in February is the 28th, or the 29th in a leap year); a
 *                                 first candidate before the start date is not an occurrence
 *   everyNDays                    the start date, then every `days` days
 *
 * An occurrence is on or after `startDate`, on or before `endDate` when given, and among the
 * first `count` when given. Dates are `YYYY-MM-DD` (UTC calendar days, no time zone).
 */

export type DayOfMonth = number | 'last';

export type Recurrence =
  | { frequency: 'monthly' | 'quarterly' | 'yearly'; dayOfMonth: DayOfMonth }
  | { frequency: 'everyNDays'; days: number };

export interface ScheduleDates {
  recurrence: Recurrence;
  /** An allocation schedule's planned occurrences (allocation-plan.ts): its dates are theirs, the recurrence and bounds aside. */
  allocation?: { occurrences: ReadonlyArray<{ date: string }> } | null | undefined;
  startDate: string;
  endDate?: string | null | undefined;
  count?: number | null | undefined;
}

export const MONTH_STEP = { monthly: 1, quarterly: 3, yearly: 12 } as const;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export const dayNumber = (date: string): number => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;

/** The `YYYY-MM-DD` date of a day number (four-digit years, as the service's dates are). */
export function dateOfDay(day: number): string {
  const d = new Date(day * DAY_MS);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Days in a month (month 1-12): Date.UTC's day 0 of the next month is this month's last. */
export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Months since year 0 of a date (its year * 12 + month - 1). */
const monthIndex = (date: string) => +date.slice(0, 4) * 12 + +date.slice(5, 7) - 1;

/** The candidate date `k` steps after the start's month (unfiltered by start, end or count). */
function candidate(schedule: ScheduleDates, k: number): string {
  const r = schedule.recurrence;
  if (r.frequency === 'everyNDays') return dateOfDay(dayNumber(schedule.startDate) + k * r.days);
  const m = monthIndex(schedule.startDate) + k * MONTH_STEP[r.frequency];
  const year = Math.floor(m / 12);
  const month = (m % 12) + 1;
  const last = daysInMonth(year, month);
  const day = r.dayOfMonth === 'last' ? last : Math.min(r.dayOfMonth, last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The step of the first occurrence: 0, or 1 when the start month's day falls before the start date. */
const firstStep = (schedule: ScheduleDates) => (candidate(schedule, 0) >= schedule.startDate ? 0 : 1);

/** The first step whose candidate is after `after` (at least the first occurrence's). */
function stepAfter(schedule: ScheduleDates, after: string | undefined): number {
  const first = firstStep(schedule);
  if (!after || after < schedule.startDate) return first;
  const r = schedule.recurrence;
  // A step just before `after`, computed, then walked forward: candidates increase with the step.
  const estimate =
    r.frequency === 'everyNDays'
      ? Math.floor((dayNumber(after) - dayNumber(schedule.startDate)) / r.days)
      : Math.floor((monthIndex(after) - monthIndex(schedule.startDate)) / MONTH_STEP[r.frequency]) - 1;
  let k = Math.max(first, estimate);
  while (candidate(schedule, k) <= after) k++;
  return k;
}

/**
 * The occurrence dates after `after` (all from the start without it) up to `until` inclusive,
 * at most `limit` of them, in order, with their number (0 for the first occurrence).
 */
export function occurrencesBetween(schedule: ScheduleDates, after: string | undefined, until: string, limit: number): Array<{ date: string; index: number }> {
  const planned = schedule.allocation?.occurrences;
  if (planned) {
    return planned
      .map((o, index) => ({ date: o.date, index }))
      .filter((o) => (!after || o.date > after) && o.date <= until)
      .slice(0, limit);
  }
  const first = firstStep(schedule);
  const found: Array<{ date: string; index: number }> = [];
  for (let k = stepAfter(schedule, after); found.length < limit; k++) {
    const index = k - first;
    if (schedule.count != null && index >= schedule.count) break;
    const date = candidate(schedule, k);
    if (date > until || (schedule.endDate && date > schedule.endDate) || date > '9999-12-31') break;
    found.push({ date, index });
  }
  return found;
}

/** The first occurrence after `after` (the first of all without it), or undefined once the schedule has ended. */
export function nextOccurrence(schedule: ScheduleDates, after: string | undefined): string | undefined {
  return occurrencesBetween(schedule, after, '9999-12-31', 1)[0]?.date;
}

/** Whether `date` is an occurrence of the schedule. */
export function isOccurrence(schedule: ScheduleDates, date: string): boolean {
  const previous = dateOfDay(dayNumber(date) - 1);
  return nextOccurrence(schedule, previous < schedule.startDate ? undefined : previous) === date;
}
