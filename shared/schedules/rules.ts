import { ValidationError, StateConflict } from '../errors.ts';
import { parseAmount } from '../money/amount.ts';
import { minorUnits, type CurrencySettings } from '../money/currencies.ts';
import { absMils, MIL_DIGITS, toMils } from '../money/mils.ts';
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

/** A template's line as written: a currency other than the base one, and its rate, optional. */
interface LineInput {
  amount: string;
  side: 1 | 2;
  currency?: string | null | undefined;
  exchangeRate?: string | null | undefined;
}

const amountProblem = (problem: string, precision: number, currency: string) =>
  problem === 'precision' ? `has more than ${precision} decimal places, the precision of ${currency}` : 'must be a positive decimal number such as 1250.50';

/**
 * Each line's amount at its currency's precision (the base currency's is the company's, another's
 * its ISO 4217 minor unit, as journal lines: journals/line-amounts.ts), its currency (null: the
 * base one) and rate (null: the company's rate in effect on each occurrence's date), and its
 * amount in base (`baseAmount`: null while its rate is the date's). Debits equal credits in base
 * when every line's base amount is known, within one base minor unit per foreign line (each
 * line's own rounding, which the journal's rounding line takes); otherwise each occurrence's
 * journal is balanced or refused by the journal's own rules.
 * Errors: ValidationError naming `lines[i].amount`, `.currency` (UnsupportedCurrency) or
 * `.exchangeRate`, or `lines` (Unbalanced, TooFewLines).
 */
export async function checkScheduleLines<L extends LineInput>(lines: readonly L[], settings: CurrencySettings): Promise<Array<L & ScheduleLineMoney>> {
  if (lines.length < 2) throw ValidationError.field('lines', 'must hold at least two lines, debits equal to credits', 'TooFewLines');
  const checked: Array<L & ScheduleLineMoney> = [];
  for (const [i, line] of lines.entries()) {
    const currency = line.currency && line.currency !== settings.baseCurrency ? line.currency : null;
    const precision = currency ? minorUnits(currency) : settings.decimalPrecision;
    if (precision > MIL_DIGITS) throw ValidationError.field(`lines[${i}].currency`, `has ${precision} decimal places; currencies of at most ${MIL_DIGITS} are supported`, 'UnsupportedCurrency');
    const parsed = parseAmount(line.amount, precision);
    if ('problem' in parsed) throw ValidationError.field(`lines[${i}].amount`, amountProblem(parsed.problem, precision, currency ?? settings.baseCurrency));
    const rate = line.exchangeRate ?? null;
    if (!currency) {
      if (rate !== null && rate !== '1') throw ValidationError.field(`lines[${i}].exchangeRate`, `must be 1 (or left out) for a line in the base currency ${settings.baseCurrency}`);
      checked.push({ ...line, amount: parsed.amount, currency: null, exchangeRate: null, baseAmount: parsed.amount });
      continue;
    }
    let baseAmount: string | null = null;
    if (rate !== null) {
      // The decimal arithmetic (big.js) loads with the first fixed-rate foreign line, as a journal's does.
      const { toBaseAmount } = await import('../money/exchange.ts');
      const converted = parseAmount(toBaseAmount(parsed.amount, rate, settings.decimalPrecision), settings.decimalPrecision);
      if ('problem' in converted) throw ValidationError.field(`lines[${i}].amount`, `converts to ${converted.problem === 'positive' ? 'zero' : 'too large an amount'} in ${settings.baseCurrency} at ${rate}`);
      baseAmount = converted.amount;
    }
    checked.push({ ...line, amount: parsed.amount, currency, exchangeRate: rate, baseAmount });
  }
  if (checked.every((l) => l.baseAmount !== null)) {
    const total = (side: number) => checked.filter((l) => l.side === side).reduce((sum, l) => sum + toMils(l.baseAmount!), 0n);
    const foreign = BigInt(checked.filter((l) => l.currency).length);
    const allowed = foreign * 10n ** BigInt(MIL_DIGITS - settings.decimalPrecision);
    if (absMils(total(DEBIT) - total(CREDIT)) > allowed) throw ValidationError.field('lines', foreign > 0n ? `debits must equal credits in ${settings.baseCurrency} (within one minor unit a foreign line, its rounding)` : 'debits must equal credits', 'Unbalanced');
  }
  return checked;
}

/** What a checked line carries of its money besides its amount. */
export interface ScheduleLineMoney {
  currency: string | null;
  exchangeRate: string | null;
  baseAmount: string | null;
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

/**
 * The debit lines' sum in base: what an occurrence's journal totals; null when a debit line takes
 * the rate in effect on the occurrence's date, not known ahead.
 */
export function debitTotal(lines: readonly ScheduleLine[]): bigint | null {
  const debits = lines.filter((l) => l.side === DEBIT);
  if (debits.some((l) => l.currency && !l.baseAmount)) return null;
  return debits.reduce((sum, l) => sum + toMils(l.currency ? l.baseAmount! : l.amount), 0n);
}
