import { ValidationError, StateConflict } from '../errors.ts';
import { parseAmount } from '../money/amount.ts';
import { toMils } from '../money/mils.ts';
import { CREDIT, DEBIT } from '../journals/rules.ts';
import { nextOccurrence, type ScheduleDates } from './occurrence-dates.ts';
import type { ScheduleLine, ScheduleRecord, ScheduleState } from './records.ts';

/**
 * Schedule rules, pure: what a template may hold, how its state may change, and the journal an
 * occurrence makes.
 */

/** Lines of a template: a posting of them stays one transaction (no wide-posting job). */
export const MAX_SCHEDULE_LINES = 20;

/** Occurrences a Preview lists at most; a later `until` is refused. */
export const MAX_PREVIEW_OCCURRENCES = 366;

/** Templates one run of the worker settles at once. */
export const RUN_WIDTH = 8;

/** Occurrences one run of the worker settles per template before going on to the next template. */
export const MAX_RUN_OCCURRENCES = 400;

/**
 * Each line's amount at the company's precision, and debits equal to credits.
 * Errors: ValidationError naming `lines[i].amount`, or `lines` (Unbalanced, TooFewLines).
 */
export function checkScheduleLines<L extends { amount: string; side: 1 | 2 }>(lines: readonly L[], precision: number): L[] {
  if (lines.length < 2) throw ValidationError.field('lines', 'must hold at least two lines, debits equal to credits', 'TooFewLines');
  const checked = lines.map((line, i) => {
    const parsed = parseAmount(line.amount, precision);
    if ('problem' in parsed) throw ValidationError.field(`lines[${i}].amount`, parsed.problem === 'precision' ? `has more than ${precision} decimal places, the company's precision` : 'must be a positive decimal number such as 1250.50');
    return { ...line, amount: parsed.amount };
  });
  const total = (side: number) => checked.filter((l) => l.side === side).reduce((sum, l) => sum + toMils(l.amount), 0n);
  if (total(DEBIT) !== total(CREDIT)) throw ValidationError.field('lines', 'debits must equal credits', 'Unbalanced');
  return checked;
}

/** An end date is on or after the start; an end date and a count are not both given. Errors: ValidationError naming endDate or count. */
export function checkScheduleBounds(dates: ScheduleDates): void {
  if (dates.endDate && dates.endDate < dates.startDate) throw ValidationError.field('endDate', 'must not be before startDate');
  if (dates.endDate && dates.count != null) throw ValidationError.field('count', 'give an end date or a count, not both');
}

/** `ended` is final: an ended template is kept as history and never generates again. Errors: StateConflict (ScheduleEnded) naming state. */
export function checkStateChange(before: ScheduleState, after: ScheduleState): void {
  if (before === 'ended' && after !== 'ended') throw new StateConflict('ScheduleEnded', 'The schedule has ended, which is final; create a new one.', 'state');
}

/** The next occurrence to settle after the last settled one, under the template's dates (null once none is left, or ended). */
export function nextToSettle(schedule: Pick<ScheduleRecord, 'recurrence' | 'allocation' | 'startDate' | 'endDate' | 'count' | 'state' | 'settledThrough'>): string | null {
  if (schedule.state === 'ended') return null;
  return nextOccurrence(schedule, schedule.settledThrough ?? undefined) ?? null;
}

/** The journal's reference: the template and the occurrence, so a reader finds one from the other. */
export const occurrenceReference = (scheduleId: string, date: string) => `schedule ${scheduleId} ${date}`;

/**
 * The lines of an occurrence's journal: a recurring template's own, or an allocation's share of
 * `date` between its two accounts (an accrual's reversal the other way round).
 */
export function occurrenceLines(schedule: Pick<ScheduleRecord, 'lines' | 'allocation'>, date: string): ScheduleLine[] {
  const allocation = schedule.allocation;
  if (!allocation) return schedule.lines;
  const planned = allocation.occurrences.find((o) => o.date === date);
  if (!planned) throw new Error(`${date} is not an occurrence of the allocation`);
  const side = (planned.reversal ? 3 - allocation.profitAndLossSide : allocation.profitAndLossSide) as 1 | 2;
  return [
    { accountId: allocation.profitAndLossAccountId, costCenterId: allocation.costCenterId, side, amount: planned.amount },
    { accountId: allocation.balanceSheetAccountId, costCenterId: null, side: (3 - side) as 1 | 2, amount: planned.amount },
  ];
}

/** A line's amount sum on the debit side: what an occurrence's journal totals. */
export const debitTotal = (lines: readonly ScheduleLine[]) => lines.filter((l) => l.side === DEBIT).reduce((sum, l) => sum + toMils(l.amount), 0n);
