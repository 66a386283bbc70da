import { addDays, endOfMonth, minDate, type IsoDate } from '../financial-years/dates.ts';

/** The calendar months a range touches, each cut to the range (the first and last may be partial), pure. */
export function monthRanges(from: IsoDate, to: IsoDate): Array<{ from: IsoDate; to: IsoDate }> {
  const months: Array<{ from: IsoDate; to: IsoDate }> = [];
  for (let start = from; start <= to; start = addDays(endOfMonth(start), 1)) months.push({ from: start, to: minDate(endOfMonth(start), to) });
  return months;
}
