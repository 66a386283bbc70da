import { StateConflict, ValidationError } from '../errors.ts';
import { operationNamed, WAY_OUT_CREATE_YEAR, WAY_OUT_REOPEN_PERIOD } from '../schemas/api-paths.ts';
import type { PeriodRecord, YearRecord } from './records.ts';
import type { DateRange } from './rules.ts';

/**
 * Where a journal may post, pure: the open period of an open year that contains the posting
 * date (rules.ts draws the period states; a year's closing journal, moreover, posts only into
 * its last period: journals/posting-checks.ts). The books read the year; `postingPeriod` is
 * handed to them (journals/store.ts Books.openPeriod) to judge what they read.
 */

/** The period of a year (its periods tile it) that contains a date inside the year. */
export const periodContaining = <P extends DateRange>(year: { periods: readonly P[] }, date: string): P => year.periods.find((p) => p.startDate <= date && date <= p.endDate)!;

/** No year contains the date: ValidationError (NoFinancialYear) naming `postingDate`, with the way out. */
export const noYearRefusal = (companyId: string, date: string) =>
  ValidationError.field('postingDate', `no financial year contains ${date}; create one that does (${operationNamed(WAY_OUT_CREATE_YEAR(), { companyId })}) or give a date inside an existing year`, 'NoFinancialYear');

/**
 * Why the year containing `date` refuses a posting (or a void, adjust or reversal) on it, with
 * the way out: StateConflict (PeriodNotOpen) naming `postingDate` when the year is closed (for
 * good: a closed year is never reopened) or the date's period is locked or closed (Reopen
 * opens it again); undefined when it takes it.
 */
export function postingRefusal(companyId: string, year: YearRecord, date: string): StateConflict | undefined {
  if (year.status !== 'open') {
    return new StateConflict('PeriodNotOpen', `The financial year of ${date} (${year.name}) is closed, and a closed year is never reopened: nothing is posted, voided or adjusted in it any more; post into a period of an open year instead.`, 'postingDate');
  }
  const period = periodContaining(year, date);
  if (period.status === 'open') return undefined;
  const verb = period.status === 'locked' ? 'unlock' : 'reopen';
  return new StateConflict(
    'PeriodNotOpen',
    `The period of ${date} (${period.name}, ${period.startDate} to ${period.endDate}) is ${period.status}; ${verb} it with ${operationNamed(WAY_OUT_REOPEN_PERIOD(), { companyId, id: year.id, periodId: period.id })}, then send this request again.`,
    'postingDate',
  );
}

/**
 * Where a posting on `date` goes, given the year containing it as read (undefined: none): the
 * year and its period that contains the date, or the refusal (noYearRefusal, postingRefusal).
 */
export function postingPeriod(companyId: string, date: string, year: YearRecord | undefined): { year: YearRecord; period: PeriodRecord } | { refusal: ValidationError | StateConflict } {
  if (!year) return { refusal: noYearRefusal(companyId, date) };
  const refusal = postingRefusal(companyId, year, date);
  return refusal ? { refusal } : { year, period: periodContaining(year, date) };
}
