import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { occurrencesOf, planPeriods, respreadPeriods, type AllocationTerms } from '../../../shared/schedules/allocation-plan.ts';

/** Allocation plans: month ends from the start, shares summing exactly to the total, the residue on the last. */
const terms = (extra: Partial<AllocationTerms>): AllocationTerms => ({ kind: 'prepayment', method: 'straightLine', totalAmount: '100.00', periods: 3, amounts: null, ...extra });
const sum = (amounts: string[]) => amounts.reduce((s, a) => s.plus(a), new Big(0)).toFixed(3);

describe('allocation plans', () => {
  it('spreads straight line over month ends, the residue on the last', () => {
    // Arrange / act
    const plan = planPeriods(terms({}), '2026-01-15', 2)!;
    // Assert
    expect(plan.periods).toEqual([
      { period: 1, date: '2026-01-31', amount: '33.33', carriesResidue: false },
      { period: 2, date: '2026-02-28', amount: '33.33', carriesResidue: false },
      { period: 3, date: '2026-03-31', amount: '33.34', carriesResidue: true },
    ]);
    expect(plan.residue).toBe(10n);
  });

  it('spreads by days covered, the start month from the start date (a leap February)', () => {
    const plan = planPeriods(terms({ method: 'daysInPeriod', totalAmount: '1000.000', periods: 2 }), '2028-01-22', 3)!;
    // January 22-31: 10 days, February 2028: 29 days, 39 in all.
    expect(plan.periods.map((p) => [p.date, p.amount])).toEqual([['2028-01-31', '256.410'], ['2028-02-29', '743.590']]);
  });

  it('takes given amounts as they are, and an accrual reverses each on the next first', () => {
    const plan = planPeriods(terms({ method: 'givenAmounts', totalAmount: '60.00', periods: 2, amounts: ['10.00', '50.00'], kind: 'accrual' }), '2026-12-01', 2)!;
    expect(occurrencesOf('accrual', plan.periods).map((o) => [o.date, o.amount, o.reversal])).toEqual([
      ['2026-12-31', '10.00', false],
      ['2027-01-01', '10.00', true],
      ['2027-01-31', '50.00', false],
      ['2027-02-01', '50.00', true],
    ]);
    expect(plan.residue).toBe(0n);
  });

  it('refuses a total too small for its months', () => {
    expect(planPeriods(terms({ totalAmount: '0.02' }), '2026-01-01', 2)).toBeUndefined();
  });

  it('re-spreads the remainder over the months after those kept', () => {
    const plan = planPeriods(terms({ periods: 4, totalAmount: '400.00' }), '2026-01-01', 2)!;
    const kept = plan.periods.slice(0, 2);
    const spread = respreadPeriods(terms({ periods: 4, totalAmount: '500.00' }), '2026-01-01', kept, 200_000n, 2);
    expect('periods' in spread && spread.periods.map((p) => p.amount)).toEqual(['100.00', '100.00', '150.00', '150.00']);
    expect(respreadPeriods(terms({ periods: 4, totalAmount: '150.00' }), '2026-01-01', kept, 200_000n, 2)).toMatchObject({ problem: 'negative' });
    expect(respreadPeriods(terms({ periods: 2, totalAmount: '500.00' }), '2026-01-01', kept, 200_000n, 2)).toMatchObject({ problem: 'noPeriod' });
  });

  it('sums every plan exactly to its total, each share positive, the residue below a unit a month', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('straightLine' as const, 'daysInPeriod' as const),
        fc.integer({ min: 1, max: 120 }),
        fc.bigInt({ min: 10n ** 4n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom(2, 3),
        (method, periods, minor, day, precision) => {
          const totalAmount = new Big(minor.toString()).div(10 ** precision).toFixed(precision);
          const start = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
          const plan = planPeriods(terms({ method, periods, totalAmount }), start, precision)!;
          expect(sum(plan.periods.map((p) => p.amount))).toBe(new Big(totalAmount).toFixed(3));
          expect(plan.periods.every((p) => new Big(p.amount).gt(0))).toBe(true);
          expect(plan.residue < BigInt(periods) * 10n ** BigInt(3 - precision)).toBe(true);
          expect(plan.periods.filter((p) => p.carriesResidue).length).toBe(plan.residue === 0n ? 0 : 1);
        },
      ),
    );
  });
});
