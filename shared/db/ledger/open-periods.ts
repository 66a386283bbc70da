import type { YearRecord } from '../../financial-years/records.ts';
import type { OpenPeriod, PostingPeriodRule } from '../../journals/store.ts';
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
 * The open period of an open year that contains the date, as `rule` (the domain's,
 * financial-years/posting-rules.ts postingPeriod, handed in by the use case) judges the year
 * read. Errors: the rule's refusals (NoFinancialYear, PeriodNotOpen).
 */
export async function findOpenPeriod(companyId: string, date: string, rule: PostingPeriodRule): Promise<OpenPeriod> {
  const placed = (year: YearRecord | undefined) => rule(companyId, date, year);
  const place = placed(await yearTaking(companyId, date, (y) => !('refusal' in placed(y))));
  if ('refusal' in place) throw place.refusal;
  return place;
}

/** That the periods of a year are open, on the guard of a shard drawn at random (a wide revaluation, a bulk import: they post into no shard of their own that another posting draws). */
export const periodsOpenCheckOp = (companyId: string, yearId: string, periodIds: readonly string[]): WriteOp => openPeriodsCheckOp(companyId, yearId, periodIds, pickShard());
