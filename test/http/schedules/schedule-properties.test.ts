import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runSchedules } from '../../../functions/ops/run-schedules.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { allocationBooks } from '../../support/allocation-books.ts';
import { naiveAllocation, naiveDates, type ModelAllocation, type ModelSchedule } from '../../support/schedule-model.ts';

/**
 * Random schedules (month ends, leap-free 2026 and its 28-day February, starts in the past, end
 * dates and counts) with random periods locked: the journals generated against the naive model.
 * Each date once, in order, up to the first locked period a posting schedule meets, which is
 * blocked and reported; once the periods are reopened, every date generated, the amounts summing
 * exactly. Random allocation schedules (each kind and method, a start in the past, locked
 * periods) likewise: the dates and each share as the naive model has them, summing exactly to the
 * total. PROPERTY_RUNS sets the number of schedules of each.
 */
const gateway = useGateway();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 4);
const TODAY = '2026-12-31';

const schedule = fc.record({
  recurrence: fc.oneof(
    fc.record({ frequency: fc.constantFrom('monthly' as const, 'quarterly' as const, 'yearly' as const), dayOfMonth: fc.oneof(fc.constantFrom(1, 15, 28, 29, 30, 31), fc.constant('last' as const)) }),
    fc.record({ frequency: fc.constant('everyNDays' as const), days: fc.integer({ min: 9, max: 80 }) }),
  ),
  startDay: fc.integer({ min: 0, max: 200 }),
  bound: fc.oneof(fc.constant({}), fc.record({ count: fc.integer({ min: 1, max: 9 }) }), fc.record({ endDay: fc.integer({ min: 0, max: 364 }) })),
  action: fc.constantFrom('draft' as const, 'post' as const),
  cents: fc.integer({ min: 1, max: 99_999_999 }),
  locked: fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { maxLength: 3 }),
});

const dayAfter = (from: string, days: number) => new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('schedules against a naive model', () => {
  it('generate each date once, in order, blocked at a locked period and generated once it reopens, the amounts exact', async () => {
    await fc.assert(
      fc.asyncProperty(schedule, async (s) => {
        const { api, base, chart, year, companyId } = await companyBooks(gateway.url);
        const startDate = dayAfter('2026-01-01', s.startDay);
        const model: ModelSchedule = {
          recurrence: s.recurrence,
          startDate,
          ...('count' in s.bound ? { count: s.bound.count } : {}),
          ...('endDay' in s.bound ? { endDate: dayAfter('2026-01-01', Math.max(s.startDay, s.bound.endDay)) } : {}),
        };
        const amount = (s.cents / 100).toFixed(2);
        const created = await api.post(`${base}/Schedules`, { description: 'Property', lines: [debit(chart.rent.id, amount, chart.hq.id), credit(chart.bank.id, amount)], ...model, action: s.action });
        expect(created.status, created.text).toBe(200);
        const locks = [];
        for (const p of s.locked) {
          const period = year.periods[p];
          const locked = await api.post(`${base}/FinancialYears/${year.id}/Periods/${period.id}/Lock`, { version: period.version });
          locks.push(locked.body);
        }
        const expected = naiveDates(model, TODAY);
        const lockedMonth = (date: string) => s.locked.includes(+date.slice(5, 7) - 1);
        const firstBlocked = s.action === 'post' ? expected.findIndex(lockedMonth) : -1;
        const before = firstBlocked < 0 ? expected : expected.slice(0, firstBlocked);

        const first = await runSchedules({ companyId, today: TODAY });
        expect(first).toEqual({ generated: before.length, blocked: firstBlocked < 0 ? 0 : 1, deferred: 0 });
        const history = (await api.get(`${base}/Schedules/${created.body.id}/Occurrences?pageSize=100`)).body.results;
        expect(history.map((o: { date: string; state: string }) => [o.date, o.state])).toEqual([...before.map((d) => [d, 'generated']), ...(firstBlocked < 0 ? [] : [[expected[firstBlocked], 'blocked']])]);

        for (const period of locks) await api.post(`${base}/FinancialYears/${year.id}/Periods/${period.id}/Reopen`, { version: period.version });
        expect((await runSchedules({ companyId, today: TODAY })).blocked).toBe(0);
        const journals = (await api.get(`${base}/Journals?pageSize=100&orderAsc=true&orderBy=Date`)).body.results.filter((j: { reference?: string }) => j.reference?.startsWith(`schedule ${created.body.id} `));
        expect(journals.map((j: { date: string }) => j.date.slice(0, 10))).toEqual(expected);
        expect(new Set(journals.map((j: { status: string }) => j.status))).toEqual(new Set(expected.length > 0 ? [s.action === 'post' ? 'posted' : 'draft'] : []));
        // The journals' totals sum exactly to the occurrences times the amount (cents, as integers).
        const totalCents = journals.reduce((sum: number, j: { totals: { debit: number } }) => sum + Math.round(j.totals.debit * 100), 0);
        expect(totalCents).toBe(expected.length * s.cents);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  const allocation = fc
    .record({
      kind: fc.constantFrom('prepayment' as const, 'deferredRevenue' as const, 'accrual' as const),
      method: fc.constantFrom('straightLine' as const, 'daysInPeriod' as const, 'givenAmounts' as const),
      startDay: fc.integer({ min: 0, max: 200 }),
      periods: fc.integer({ min: 1, max: 5 }),
      cents: fc.array(fc.integer({ min: 1, max: 9_999_999 }), { minLength: 5, maxLength: 5 }),
      action: fc.constantFrom('draft' as const, 'post' as const),
      locked: fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { maxLength: 2 }),
    })
    // Every share at least a cent: a total of at least a cent for each of the year's days.
    .map((a) => ({ ...a, cents: a.cents.map((c) => c + 366) }));

  it('generate each share of an allocation once, as the naive model spreads it, summing exactly to the total', async () => {
    await fc.assert(
      fc.asyncProperty(allocation, async (a) => {
        const { api, base, chart, year, companyId, prepaid, deferred, accrued } = await allocationBooks(gateway.url);
        const startDate = dayAfter('2026-01-01', a.startDay);
        const amounts = a.cents.slice(0, a.periods).map((c) => (c / 100).toFixed(2));
        const totalCents = a.method === 'givenAmounts' ? a.cents.slice(0, a.periods).reduce((s, c) => s + c, 0) : a.cents[0]!;
        const model: ModelAllocation = { kind: a.kind, method: a.method, totalAmount: (totalCents / 100).toFixed(2), periods: a.periods, amounts: a.method === 'givenAmounts' ? amounts : null, startDate };
        const accounts = { prepayment: [prepaid, chart.rent], deferredRevenue: [deferred, chart.sales], accrual: [accrued, chart.rent] }[a.kind];
        const body = { description: 'Allocation', allocation: { kind: a.kind, method: a.method, totalAmount: model.totalAmount, periods: a.periods, amounts: model.amounts, balanceSheetAccountId: accounts[0]!.id, profitAndLossAccountId: accounts[1]!.id }, startDate, action: a.action };
        const created = await api.post(`${base}/Schedules`, body);
        expect(created.status, created.text).toBe(200);
        const locks = [];
        for (const p of a.locked) locks.push((await api.post(`${base}/FinancialYears/${year.id}/Periods/${year.periods[p].id}/Lock`, { version: year.periods[p].version })).body);
        const expected = naiveAllocation(model);
        expect(created.body.allocation.occurrences.map((o: { date: string; amount: string; reversal: boolean }) => ({ date: o.date, amount: o.amount, reversal: o.reversal }))).toEqual(expected);

        const firstBlocked = a.action === 'post' ? expected.findIndex((o) => a.locked.includes(+o.date.slice(5, 7) - 1)) : -1;
        const first = await runSchedules({ companyId, today: TODAY });
        expect(first).toEqual({ generated: firstBlocked < 0 ? expected.length : firstBlocked, blocked: firstBlocked < 0 ? 0 : 1, deferred: 0 });
        for (const period of locks) await api.post(`${base}/FinancialYears/${year.id}/Periods/${period.id}/Reopen`, { version: period.version });
        expect((await runSchedules({ companyId, today: TODAY })).blocked).toBe(0);

        const journals = (await api.get(`${base}/Journals?pageSize=100&orderAsc=true&orderBy=Date`)).body.results.filter((j: { reference?: string }) => j.reference?.startsWith(`schedule ${created.body.id} `));
        const pl = accounts[1]!.id;
        // The profit-and-loss line: debited for an expense, credited for a revenue; a reversal the other way.
        const plSide = a.kind === 'deferredRevenue' ? 2 : 1;
        expect(
          journals.map((j: { date: string; entries: Array<{ accountId: string; side: number; amount: number }> }) => {
            const line = j.entries.find((e) => e.accountId === pl)!;
            return { date: j.date.slice(0, 10), amount: line.amount.toFixed(2), reversal: line.side !== plSide };
          }),
        ).toEqual(expected);
        const shares = journals.filter((_: unknown, i: number) => !expected[i]!.reversal);
        expect(shares.reduce((sum: number, j: { totals: { debit: number } }) => sum + Math.round(j.totals.debit * 100), 0)).toBe(totalCents);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
