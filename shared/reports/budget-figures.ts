import { daysBetween, maxDate, minDate, type IsoDate } from '../financial-years/dates.ts';
import { MIL_DIGITS } from '../money/mils.ts';
import type { Classification } from './account-tree.ts';
import type { PeriodSpan } from '../financial-years/records.ts';

/**
 * Budget against actual, pure, in mils.
 * - A budget for a range: each period's amount in full where the range covers the period, and
 *   pro rata by days where it covers part of it, rounded half away from zero to the company's
 *   precision per period (so whole periods are exact and a column never carries sub-unit cents).
 * - Variance, signed so that favourable is positive for revenue and expense alike: revenue
 *   actual less budget, expense budget less actual. Net profit: its actual less its budget,
 *   which is the revenue and expense variances summed.
 * - Variance percent: the variance over the budget's magnitude, in percent to two decimals
 *   (half away from zero); none (null) for a budget of zero.
 */

/** n / d rounded half away from zero (d > 0). */
const roundDiv = (n: bigint, d: bigint): bigint => {
  const magnitude = ((n < 0n ? -n : n) * 2n + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
};

const daysOf = (from: IsoDate, to: IsoDate) => BigInt(daysBetween(from, to) + 1);

/** The budget for a range: `amounts` (mils, one per period, in order) over the periods the range covers, wholly or in part. */
export function budgetForRange(amounts: readonly bigint[], periods: readonly PeriodSpan[], range: { from: IsoDate; to: IsoDate }, precision: number): bigint {
  const unit = 10n ** BigInt(MIL_DIGITS - precision);
  let total = 0n;
  periods.forEach((period, k) => {
    const from = maxDate(period.startDate, range.from);
    const to = minDate(period.endDate, range.to);
    if (from > to) return;
    const covered = daysOf(from, to);
    const days = daysOf(period.startDate, period.endDate);
    total += covered === days ? amounts[k]! : roundDiv(amounts[k]! * covered, days * unit) * unit;
  });
  return total;
}

/** Favourable positive: revenue actual less budget, expense budget less actual. */
export const variance = (classification: Classification, budget: bigint, actual: bigint): bigint => (classification === 'revenue' ? actual - budget : budget - actual);

/** The variance in hundredths of a percent of the budget's magnitude, or null for a budget of zero. */
export function variancePercent(budget: bigint, difference: bigint): bigint | null {
  if (budget === 0n) return null;
  return roundDiv(difference * 10_000n, budget < 0n ? -budget : budget);
}
