/**
 * The dates a statement file writes (pure): ISO dates (camt.053, CSV), SWIFT's YYMMDD value
 * dates and MMDD entry dates, whose year is the one that puts them nearest the value date.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Whether year, month and day name a day of the calendar. */
function isDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isoText = (year: number, month: number, day: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** `text` if it is a YYYY-MM-DD day of the calendar. */
export function isoDate(text: string): string | undefined {
  const match = ISO_DATE.exec(text);
  if (!match || Number(match[1]) < 1000) return undefined;
  return isDay(Number(match[1]), Number(match[2]), Number(match[3])) ? text : undefined;
}

/** The day of an ISO date-time as the bank wrote it (its own clock's day, no shift to UTC). */
export function dayOfDateTime(text: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}T/.test(text) ? isoDate(text.slice(0, 10)) : undefined;
}

/** A SWIFT YYMMDD date; years 80 to 99 are 1980 to 1999, the others 2000 to 2079. */
export function swiftDate(text: string): string | undefined {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return undefined;
  const yy = Number(match[1]);
  const [year, month, day] = [yy >= 80 ? 1900 + yy : 2000 + yy, Number(match[2]), Number(match[3])];
  return isDay(year, month, day) ? isoText(year, month, day) : undefined;
}

/**
 * An MT940 entry date (MMDD) next to its value date: of the years around the value date's, the
 * one that puts it nearest (a line valued 2014-12-31 and booked 0102 was booked 2015-01-02).
 */
export function entryDate(mmdd: string, valueDate: string): string | undefined {
  const match = /^(\d{2})(\d{2})$/.exec(mmdd);
  if (!match) return undefined;
  const [month, day] = [Number(match[1]), Number(match[2])];
  const year = Number(valueDate.slice(0, 4));
  const value = Date.parse(`${valueDate}T00:00:00Z`);
  let nearest: { text: string; distance: number } | undefined;
  for (const candidate of [year - 1, year, year + 1]) {
    if (!isDay(candidate, month, day)) continue;
    const distance = Math.abs(Date.UTC(candidate, month - 1, day) - value) / DAY_MS;
    if (!nearest || distance < nearest.distance) nearest = { text: isoText(candidate, month, day), distance };
  }
  return nearest?.text;
}
