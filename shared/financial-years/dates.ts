/**
 * Calendar dates as `YYYY-MM-DD` strings. They compare correctly as strings, and all
 * arithmetic here is on UTC calendar days, so no time zone can shift a period boundary.
 */
export type IsoDate = string;

const toDate = (d: IsoDate) => new Date(`${d}T00:00:00Z`);
const toIso = (d: Date): IsoDate => d.toISOString().slice(0, 10);

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = toDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** The last day of the month `date` falls in. */
export function endOfMonth(date: IsoDate): IsoDate {
  const d = toDate(date);
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  d.setUTCFullYear(d.getUTCFullYear(), d.getUTCMonth() + 1, 0);
  return toIso(d);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000);
}

export const minDate = (a: IsoDate, b: IsoDate) => (a < b ? a : b);
export const maxDate = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
