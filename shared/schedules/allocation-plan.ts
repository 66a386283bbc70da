import { fromMils, MIL_DIGITS, toMils } from '../money/mils.ts';
import { dateOfDay, dayNumber, daysInMonth } from './occurrence-dates.ts';

/**
 * Allocation schedules, pure: a total spread over calendar months from a start date, one
 * occurrence on each month's last day (and, for an accrual, its reversal on the next month's
 * first), the shares summing exactly to the total.
 *
 *   straightLine   equal shares, one a month
 *   daysInPeriod   shares by the days each month covers, from startDate to the last month's end
 *                  (the start month counts from startDate)
 *   givenAmounts   the amounts given, one a month, summing to the total
 *
 * Shares are rounded down to the company's precision; the rounding residue (the total less their
 * sum, less than one minor unit a period) is added to the last period's share. Amounts are
 * decimal text, computed as BigInt mils (money/mils.ts), never floats.
 */

export type AllocationKind = 'prepayment' | 'deferredRevenue' | 'accrual';
export type AllocationMethod = 'straightLine' | 'daysInPeriod' | 'givenAmounts';

/** What decides the amounts and dates: a change of any of these re-plans the schedule. */
export interface AllocationTerms {
  kind: AllocationKind;
  method: AllocationMethod;
  /** Decimal text at the company's precision. */
  totalAmount: string;
  periods: number;
  /** givenAmounts' amounts, one a period; null for the other methods. */
  amounts: string[] | null;
}

/** One occurrence of the plan: a period's share on its last day, or an accrual's reversal the day after. */
export interface PlannedOccurrence {
  date: string;
  /** 1 for the start date's month. */
  period: number;
  amount: string;
  reversal: boolean;
  /** The period's share holds the rounding residue (the last period's, when the residue is not zero). */
  carriesResidue: boolean;
}

export interface PlannedPeriod {
  period: number;
  /** The month's last day. */
  date: string;
  amount: string;
  carriesResidue: boolean;
}

/** Periods an allocation spreads over at most: ten years of months (twice as many occurrences for an accrual). */
export const MAX_ALLOCATION_PERIODS = 120;

/** The month `k` months after the start date's month, by year and month (1-12). */
function monthAfter(startDate: string, k: number): { year: number; month: number } {
  const m = +startDate.slice(0, 4) * 12 + +startDate.slice(5, 7) - 1 + k;
  return { year: Math.floor(m / 12), month: (m % 12) + 1 };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The last day of the period `k` (0 for the start month). */
export function periodEnd(startDate: string, k: number): string {
  const { year, month } = monthAfter(startDate, k);
  return `${pad(year, 4)}-${pad(month)}-${pad(daysInMonth(year, month))}`;
}

/** The day after a date. */
export const dayAfter = (date: string): string => dateOfDay(dayNumber(date) + 1);

/** The days period `k` covers: the whole month, the start month from the start date. */
function daysCovered(startDate: string, k: number): bigint {
  const { year, month } = monthAfter(startDate, k);
  const days = daysInMonth(year, month);
  return BigInt(k === 0 ? days - +startDate.slice(8, 10) + 1 : days);
}

/** Mils in one minor unit of the precision (10 for 2 decimals). */
const unitOf = (precision: number) => 10n ** BigInt(MIL_DIGITS - precision);

/**
 * `total` (mils) split by `weights`, each share rounded down to whole minor units, the residue on
 * the last. Undefined when a share would be zero (a total too small for so many periods).
 */
export function splitByWeights(total: bigint, weights: readonly bigint[], precision: number): { shares: bigint[]; residue: bigint } | undefined {
  const unit = unitOf(precision);
  const units = total / unit;
  const sum = weights.reduce((a, b) => a + b, 0n);
  const shares = weights.map((w) => ((units * w) / sum) * unit);
  const residue = total - shares.reduce((a, b) => a + b, 0n);
  shares[shares.length - 1] = shares.at(-1)! + residue;
  if (shares.some((s) => s <= 0n)) return undefined;
  return { shares, residue };
}

/** The weights of periods `ks` (0-based) under a method: one each, the days covered, or the amounts given. */
export function weightsOf(terms: AllocationTerms, startDate: string, ks: readonly number[]): bigint[] {
  if (terms.method === 'givenAmounts') return ks.map((k) => toMils(terms.amounts![k]!));
  if (terms.method === 'daysInPeriod') return ks.map((k) => daysCovered(startDate, k));
  return ks.map(() => 1n);
}

/** Periods `ks` sharing `total` (mils) by the method's weights, or undefined when a share would be zero. */
export function spreadPeriods(terms: AllocationTerms, startDate: string, ks: readonly number[], total: bigint, precision: number): { periods: PlannedPeriod[]; residue: bigint } | undefined {
  const split = splitByWeights(total, weightsOf(terms, startDate, ks), precision);
  if (!split) return undefined;
  const periods = ks.map((k, i) => ({ period: k + 1, date: periodEnd(startDate, k), amount: fromMils(split.shares[i]!, precision), carriesResidue: i === ks.length - 1 && split.residue !== 0n }));
  return { periods, residue: split.residue };
}

/** The whole plan's periods, or undefined when a share would be zero. */
export function planPeriods(terms: AllocationTerms, startDate: string, precision: number): { periods: PlannedPeriod[]; residue: bigint } | undefined {
  return spreadPeriods(terms, startDate, Array.from({ length: terms.periods }, (_, k) => k), toMils(terms.totalAmount), precision);
}

/** The occurrences of periods in date order: each period's share, and for an accrual its reversal on the next day. */
export function occurrencesOf(kind: AllocationKind, periods: readonly PlannedPeriod[]): PlannedOccurrence[] {
  return periods.flatMap((p) => {
    const share = { date: p.date, period: p.period, amount: p.amount, reversal: false, carriesResidue: p.carriesResidue };
    return kind === 'accrual' ? [share, { ...share, date: dayAfter(p.date), reversal: true }] : [share];
  });
}

/** The periods of a plan's occurrences (its shares, reversals left out). */
export const periodsOf = (occurrences: readonly PlannedOccurrence[]): PlannedPeriod[] =>
  occurrences.filter((o) => !o.reversal).map((o) => ({ period: o.period, date: o.date, amount: o.amount, carriesResidue: o.carriesResidue }));

/** Whether two sets of terms (and start dates) give the same plan. */
export const sameTerms = (a: AllocationTerms & { startDate: string }, b: AllocationTerms & { startDate: string }): boolean =>
  a.kind === b.kind && a.method === b.method && a.totalAmount === b.totalAmount && a.periods === b.periods && a.startDate === b.startDate && JSON.stringify(a.amounts) === JSON.stringify(b.amounts);

/**
 * Re-spreading after an edit: the periods kept (their share generated, or its journal made) stay
 * as they are; the new terms' periods ending after the last kept one share the new total less
 * what the kept ones allocated. A remainder of zero ends the plan with the kept periods. Else the
 * problem: a negative remainder, no period left to take it, or a share that would be zero.
 */
export function respreadPeriods(
  terms: AllocationTerms,
  startDate: string,
  kept: readonly PlannedPeriod[],
  allocated: bigint,
  precision: number,
): { periods: PlannedPeriod[]; residue: bigint; remainder: bigint } | { problem: 'negative' | 'noPeriod' | 'tooSmall'; remainder: bigint; open: number } {
  const remainder = toMils(terms.totalAmount) - allocated;
  const after = kept.at(-1)?.date ?? '';
  const open = Array.from({ length: terms.periods }, (_, k) => k).filter((k) => periodEnd(startDate, k) > after);
  if (remainder < 0n) return { problem: 'negative', remainder, open: open.length };
  if (remainder === 0n) return { periods: [...kept], residue: 0n, remainder };
  if (open.length === 0) return { problem: 'noPeriod', remainder, open: 0 };
  const spread = spreadPeriods(terms, startDate, open, remainder, precision);
  if (!spread) return { problem: 'tooSmall', remainder, open: open.length };
  return { periods: [...kept, ...spread.periods], residue: spread.residue, remainder };
}
