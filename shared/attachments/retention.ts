import { retainUntil } from '../companies/document-retention.ts';

/**
 * How long an attachment's file stays locked (pure; docs/decisions.md, Source documents,
 * "Retention"). Record-keeping laws count their years from the end of the financial year a record
 * belongs to, so the lock runs the company's `documentRetentionYears` from the day after the last
 * day of the journal's financial year. It is never earlier than the lock the bucket gave the
 * object when it was put (its default, counted from the upload): S3 shortens no COMPLIANCE lock.
 */

const DAY_MS = 86_400_000;
/** The longest a financial year spans (financial-years/rules.ts, MAX_YEAR_DAYS): a date in no year yet belongs to one ending at most this many days on. */
const LONGEST_YEAR_DAYS = 731;

interface DateRange {
  startDate: string;
  endDate: string;
}

/** What the lock is computed from, as the attachment's check reads it. */
export interface RetentionBasis {
  /** The company's retention in effect (companies/document-retention.ts, retentionYears). */
  years: number;
  /** The journal's dates (`YYYY-MM-DD`): its calendar date, and its posting date once posted. The latest counts; none (no journal yet, or the journal gone), the upload's day. */
  journalDates: readonly string[];
  /** The company's financial years. */
  financialYears: readonly DateRange[];
  /** When storage made the object (the bucket's default lock counts from then). */
  uploadedAt: Date;
  /** The bucket's default retention in years (infra/documents-bucket.ts). */
  bucketYears: number;
}

const utcDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The last day of the financial year holding `date`; for a date in no year yet, the latest day a
 * year holding it could end (the date plus the longest year, less a day), so the lock is never
 * shorter than the year made later will ask.
 */
export function financialYearEnd(date: string, years: readonly DateRange[]): string {
  const year = years.find((y) => y.startDate <= date && date <= y.endDate);
  if (year) return year.endDate;
  const { y, m, d } = utcDate(date);
  return isoDay(new Date(Date.UTC(y, m - 1, d + LONGEST_YEAR_DAYS - 1)));
}

/**
 * `years` whole calendar years from the day after `yearEnd`, at 00:00 UTC: a year ending
 * 2025-12-31 kept 6 years is locked until 2032-01-01T00:00:00Z. A day the target year lacks
 * (29 February) rolls on to 1 March, never back.
 */
export function yearsAfterYearEnd(yearEnd: string, years: number): Date {
  const { y, m, d } = utcDate(yearEnd);
  const dayAfter = new Date(Date.UTC(y, m - 1, d + 1));
  return new Date(Date.UTC(dayAfter.getUTCFullYear() + years, dayAfter.getUTCMonth(), dayAfter.getUTCDate()));
}

/**
 * The bucket's own lock of an object put at `uploadedAt` (its default retention, counted as the
 * bucket counts it), taken to the next 00:00 UTC: the object's creation time is known to the
 * second, so the next whole day is safely past it.
 */
export function bucketLockEnd(uploadedAt: Date, bucketYears: number): Date {
  const end = retainUntil(uploadedAt, bucketYears).getTime();
  return new Date(Math.floor(end / DAY_MS) * DAY_MS + DAY_MS);
}

/** The company's years after the end of the financial year holding the latest of `dates` (`YYYY-MM-DD`). */
export function retainedAfterYearOf(dates: readonly string[], financialYears: readonly DateRange[], years: number): Date {
  const latest = [...dates].sort().at(-1)!;
  return yearsAfterYearEnd(financialYearEnd(latest, financialYears), years);
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * The instant the attachment's lock ends: the later of the company's years after its journal's
 * financial year (a file uploaded to the company without a journal: the year of its upload's day),
 * and the bucket's own lock.
 */
export function attachmentRetainUntil(basis: RetentionBasis): Date {
  const dates = basis.journalDates.length > 0 ? basis.journalDates : [isoDay(basis.uploadedAt)];
  return later(retainedAfterYearOf(dates, basis.financialYears, basis.years), bucketLockEnd(basis.uploadedAt, basis.bucketYears));
}

/**
 * The lock of a file uploaded to the company once a journal takes it: the company's years after
 * the journal's financial year, when that ends after the lock it has (never shorter: S3 refuses).
 */
export function attachedRetainUntil(lockedUntil: string | undefined, journalDates: readonly string[], financialYears: readonly DateRange[], years: number): Date {
  const byLaw = retainedAfterYearOf(journalDates, financialYears, years);
  return lockedUntil === undefined ? byLaw : later(new Date(lockedUntil), byLaw);
}
