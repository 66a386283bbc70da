import { addDays, daysBetween, type IsoDate } from '../financial-years/dates.ts';
import type { PeriodSpan } from '../financial-years/records.ts';

/**
 * Which balance buckets add up to "everything posted up to and including a date", pure.
 * Postings only go into periods, so whole periods ending by the date count in full. The
 * period the date falls inside is split at the date, from its nearer end: its first days are
 * added, or the whole period is added and its last days taken off, so at most half a period's
 * days are ever read.
 */
export interface Cover {
  /** Periods whose balances count in full. */
  periods: string[];
  /** The split period and the days of it that are added (sign 1) or taken off (sign -1). */
  edge?: { periodId: string; from: IsoDate; to: IsoDate; sign: 1 | -1 };
  /** How many periods the books have in all, when known: a reader may read them all and keep `periods`. */
  booksPeriods?: number;
  /** How many accounts the chart has, when known: with booksPeriods, a bound on what reading every period's items reads. */
  booksAccounts?: number;
}

export function coverThrough(periods: readonly PeriodSpan[], date: IsoDate): Cover {
  const whole = periods.filter((p) => p.endDate <= date).map((p) => p.id);
  const split = periods.find((p) => p.startDate <= date && date < p.endDate);
  if (!split) return { periods: whole };
  const daysIn = daysBetween(split.startDate, date) + 1;
  const daysAfter = daysBetween(date, split.endDate);
  return daysIn <= daysAfter
    ? { periods: whole, edge: { periodId: split.id, from: split.startDate, to: date, sign: 1 } }
    : { periods: [...whole, split.id], edge: { periodId: split.id, from: addDays(date, 1), to: split.endDate, sign: -1 } };
}
