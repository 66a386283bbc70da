import { StateConflict } from '../../errors.ts';
import { pinCovers } from '../capacity/pin-rules.ts';
import { pinOf } from '../capacity/pinned.ts';
import { spreadsEvent } from '../events/pending-width.ts';
import { yearTakesDraftsCheckOp } from '../capacity/year-draft-guard.ts';
import { markBusy, wantsPin } from '../capacity/busy-records.ts';
import { pinPeriod } from '../capacity/use-pins.ts';
import { openPeriodCheckOp } from '../stores/year-store.ts';
import type { PeriodRecord, YearRecord } from '../../financial-years/records.ts';
import type { WriteOp } from '../table/transact.ts';
import type { DraftYear } from '../../journals/store.ts';
import { yearTaking } from './open-periods.ts';

/**
 * What a draft or posting checks at commit of the year and period it is dated in, as the books
 * read them (open-periods.ts; docs/decisions.md, Capacity): a guard, or nothing under a use pin
 * that covers the write; a conflict on the guard marks the record busy, so this instance pins it.
 */

/** A draft's date's year as read, and what the draft checks of it at commit. */
export interface DraftDateChecks extends DraftYear {
  checks: WriteOp[];
  year?: YearRecord;
}

/**
 * A draft may carry a date outside every year, or inside an open one; a closed year takes no
 * new drafts. Returns the check that the year is still open when the draft commits (on one of
 * the year's draft guards, year-draft-guard.ts), none when the year was read under a use pin
 * that covers the draft (capacity/pin-rules.ts); and the year as read (draft-books-store.ts may pin it).
 * Errors: StateConflict (YearClosed) naming `date`.
 */
export async function draftDateChecks(companyId: string, date: string): Promise<DraftDateChecks> {
  const year = await yearTaking(companyId, date, (y) => y.status === 'open');
  if (!year) return { checks: [] };
  if (year.status !== 'open') throw new StateConflict('YearClosed', `The financial year of ${date} (${year.name}) is closed; it takes no new journals, and a closed year is never reopened: date the journal in an open year.`, 'date');
  const checks = pinCovers(pinOf(year), Date.now()) ? [] : [{ ...yearTakesDraftsCheckOp(companyId, year.id), onConflict: () => markBusy(year.id) }];
  return { checks, year };
}

/** What a posting into a period checks at commit, whether its event may be spread, and the pin this instance takes beside the commit. */
export interface PeriodTaking {
  checks: WriteOp[];
  spreadEvent: boolean;
  pin?: () => Promise<void>;
}

/**
 * What a posting into the period checks at commit: the guard of its shard says the year open and
 * not held and the period open (posting-guards.ts); nothing when the period was read under a
 * use pin that covers the posting (no Lock, Close or change of the year commits until it ends).
 * A conflict on the guard marks the period busy; `pin`, when this instance should take or renew
 * the period's pin, runs beside the commit; `spreadEvent`: the year's pin lets the posting's event
 * be spread (events/pending-width.ts). Void and Adjust, which do not read the year, check.
 */
export function periodTakesPosting(companyId: string, year: YearRecord, period: PeriodRecord, shard: number): PeriodTaking {
  const now = Date.now();
  const checks = pinCovers(pinOf(period), now) ? [] : [postingPeriodCheckOp(companyId, year.id, period.id, shard)];
  const spreadEvent = spreadsEvent(pinOf(year), now);
  return wantsPin(period, now) ? { checks, spreadEvent, pin: () => pinPeriod(companyId, year, period) } : { checks, spreadEvent };
}

/** The posting guard's check of the period, noting the period busy when another transaction touched the guard at once. */
export const postingPeriodCheckOp = (companyId: string, yearId: string, periodId: string, shard: number): WriteOp => ({
  ...openPeriodCheckOp(companyId, yearId, periodId, shard),
  onConflict: () => markBusy(periodId),
});
