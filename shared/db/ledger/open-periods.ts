import { noYearRefusal, periodContaining, postingRefusal } from '../../financial-years/rules.ts';
import type { PeriodRecord, YearRecord } from '../../financial-years/records.ts';
import { yearContaining } from '../capacity/year-hint.ts';
import { openPeriodsCheckOp } from '../stores/year-store.ts';
import type { WriteOp } from '../table/transact.ts';
import { pickShard } from './balance-store.ts';

/**
 * Where a posting may go: the open period of an open year that contains its date, as the books
 * read years, and the check that periods are still open at commit. Apart from what drafts and
 * postings check under use pins (posting-periods.ts), so a revaluation or an import, which check
 * the periods themselves, load none of the pins.
 */

/**
 * The year containing the date, read eventually consistent (year-hint.ts: its commit checks what
 * was read), and again strongly consistent when that copy would refuse the request: a year just
 * created, reopened or re-dated is not refused for a stale copy.
 */
export async function yearTaking(companyId: string, date: string, takes: (year: YearRecord) => boolean): Promise<YearRecord | undefined> {
  const quick = await yearContaining(companyId, date, { consistent: false });
  return quick && takes(quick) ? quick : yearContaining(companyId, date);
}

/**
 * The open period of an open year that contains the date. Errors: ValidationError
 * (NoFinancialYear) when no year contains it; StateConflict (PeriodNotOpen) when the year is
 * closed or the period locked or closed. Both name `postingDate`.
 */
export async function findOpenPeriod(companyId: string, date: string): Promise<{ year: YearRecord; period: PeriodRecord }> {
  const year = await yearTaking(companyId, date, (y) => !postingRefusal(companyId, y, date));
  if (!year) throw noYearRefusal(companyId, date);
  const refusal = postingRefusal(companyId, year, date);
  if (refusal) throw refusal;
  return { year, period: periodContaining(year, date) };
}

/** That the periods of a year are open, on the guard of a shard drawn at random (a wide revaluation, a bulk import: they post into no shard of their own that another posting draws). */
export const periodsOpenCheckOp = (companyId: string, yearId: string, periodIds: readonly string[]): WriteOp => openPeriodsCheckOp(companyId, yearId, periodIds, pickShard());
