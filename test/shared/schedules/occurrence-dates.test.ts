import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateOfDay, dayNumber, isOccurrence, nextOccurrence, occurrencesBetween, type ScheduleDates } from '../../../shared/schedules/occurrence-dates.ts';
import { naiveDates } from '../../support/schedule-model.ts';

const day = (from: string, span: number) => fc.integer({ min: 0, max: span }).map((n) => dateOfDay(dayNumber(from) + n));
const schedule: fc.Arbitrary<ScheduleDates> = fc
  .record({
    recurrence: fc.oneof(
      fc.record({ frequency: fc.constantFrom('monthly' as const, 'quarterly' as const, 'yearly' as const), dayOfMonth: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constant('last' as const), fc.constantFrom(28, 29, 30, 31)) }),
      fc.record({ frequency: fc.constant('everyNDays' as const), days: fc.integer({ min: 1, max: 400 }) }),
    ),
    // Around leap years (2024, 2028) and a century that is not one (2100).
    startDate: fc.oneof(day('2023-01-01', 2200), day('2099-06-01', 900)),
    endAfter: fc.option(fc.integer({ min: 0, max: 1500 }), { nil: undefined }),
    count: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
  })
  .map(({ endAfter, ...s }) => ({ ...s, ...(endAfter !== undefined ? { endDate: dateOfDay(dayNumber(s.startDate) + endAfter) } : {}) }));

describe('occurrence dates', () => {
  it('match a day-by-day walk of random schedules (month ends, leap years, ends and counts), from the start and resumed after any occurrence', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 0, max: 2000 }), fc.nat(), (s, span, pick) => {
        const until = dateOfDay(dayNumber(s.startDate) + span);
        const expected = naiveDates(s, until);
        const dates = occurrencesBetween(s, undefined, until, 10_000);
        expect(dates.map((o) => o.date)).toEqual(expected);
        expect(dates.map((o) => o.index)).toEqual(expected.map((_, i) => i));
        // Resuming after one of them (a worker's cursor) gives the rest, numbered on.
        if (expected.length > 0) {
          const i = pick % expected.length;
          expect(occurrencesBetween(s, expected[i], until, 10_000).map((o) => o.date)).toEqual(expected.slice(i + 1));
          expect(nextOccurrence(s, expected[i]) === undefined || expected[i + 1] === undefined || nextOccurrence(s, expected[i]) === expected[i + 1]).toBe(true);
          expect(isOccurrence(s, expected[i]!)).toBe(true);
        }
        expect(isOccurrence(s, dateOfDay(dayNumber(s.startDate) - 1))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('clamps to the month end and keeps the leap day', () => {
    const s: ScheduleDates = { recurrence: { frequency: 'monthly', dayOfMonth: 31 }, startDate: '2028-01-15', count: 4 };
    expect(occurrencesBetween(s, undefined, '2030-01-01', 99).map((o) => o.date)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']);
    const yearly: ScheduleDates = { recurrence: { frequency: 'yearly', dayOfMonth: 'last' }, startDate: '2027-02-01', endDate: '2029-02-28' };
    expect(occurrencesBetween(yearly, undefined, '2035-01-01', 99).map((o) => o.date)).toEqual(['2027-02-28', '2028-02-29', '2029-02-28']);
    expect(occurrencesBetween({ recurrence: { frequency: 'quarterly', dayOfMonth: 1 }, startDate: '2026-01-02' }, undefined, '2026-12-31', 99).map((o) => o.date)).toEqual(['2026-04-01', '2026-07-01', '2026-10-01']);
  });

  it('stops at the limit asked', () => {
    expect(occurrencesBetween({ recurrence: { frequency: 'everyNDays', days: 1 }, startDate: '2026-01-01' }, undefined, '9999-12-31', 3)).toHaveLength(3);
    expect(nextOccurrence({ recurrence: { frequency: 'monthly', dayOfMonth: 1 }, startDate: '2026-01-01', count: 0 }, undefined)).toBeUndefined();
  });
});
