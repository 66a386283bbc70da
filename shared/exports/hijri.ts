/**
 * Umm al-Qura (Hijri) dates for display beside the Gregorian ones, pure: Intl's
 * `islamic-umalqura` calendar (ICU's table of the official calendar for 1300-1600 AH,
 * 1882-2174; its arithmetic Islamic calendar outside). Periods, ranges and stored dates stay
 * Gregorian; a request asks for these with `hijri=true` (docs/decisions.md, Reports).
 */

let formatter: Intl.DateTimeFormat | undefined;

/** The Umm al-Qura date of a calendar date (YYYY-MM-DD), as YYYY-MM-DD in Latin digits: 2026-02-18 is 1447-09-01. */
export function hijriDate(isoDate: string): string {
  formatter ??= new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  const parts = formatter.formatToParts(Date.parse(`${isoDate}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** The Hijri counterparts a report's JSON carries in `hijri`: its own range, and each column's range or date. */
export interface HijriFields {
  dateFrom?: string;
  dateTo?: string;
  columns?: Array<{ dateFrom: string | null; dateTo: string }> | null;
}

interface Dated {
  dateFrom?: unknown;
  dateTo?: unknown;
  columns?: Array<{ dateFrom: string | null; dateTo: string }> | null;
}

/**
 * A report's answer with `hijri` beside its Gregorian fields, field for field: `dateFrom` and
 * `dateTo` where the report has them, and `columns` (each column's `dateFrom`, null for a
 * balance sheet's date, and `dateTo`) where it has columns, null where it has none. An answer
 * with no date of its own (the journal list, a stored report) is answered as it is.
 */
export function withHijriFields<T>(report: T): T | (T & { hijri: HijriFields }) {
  const dated = report as Dated;
  const hijri: HijriFields = {};
  if (typeof dated.dateFrom === 'string') hijri.dateFrom = hijriDate(dated.dateFrom);
  if (typeof dated.dateTo === 'string') hijri.dateTo = hijriDate(dated.dateTo);
  if (Array.isArray(dated.columns)) hijri.columns = dated.columns.map((c) => ({ dateFrom: c.dateFrom === null ? null : hijriDate(c.dateFrom), dateTo: hijriDate(c.dateTo) }));
  else if (dated.columns === null) hijri.columns = null;
  return Object.keys(hijri).length > 0 ? { ...report, hijri } : report;
}
