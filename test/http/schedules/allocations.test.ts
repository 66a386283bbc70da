import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { runSchedules } from '../../../functions/ops/run-schedules.ts';
import { useGateway, type Client } from '../../support/api.ts';
import { allocationBooks, type AllocationBooks } from '../../support/allocation-books.ts';
import { credit, debit } from '../../support/ledger.ts';

/**
 * Allocation schedules: a total spread over calendar months (straight line, by days, or given
 * amounts) between a balance-sheet and an expense or revenue account, each month's journal made
 * once by the schedules' worker, the shares summing exactly to the total, the residue on the last;
 * an accrual reversed on the next month's first; amounts edited after some months re-spread.
 */
const gateway = useGateway();

const prepayment = (books: AllocationBooks, extra: Record<string, unknown> = {}) => ({
  kind: 'prepayment',
  method: 'straightLine',
  totalAmount: 1000,
  periods: 3,
  balanceSheetAccountId: books.prepaid.id,
  profitAndLossAccountId: books.chart.rent.id,
  costCenterId: books.chart.hq.id,
  ...extra,
});
const schedule = (allocation: unknown, extra: Record<string, unknown> = {}) => ({ description: 'Insurance', allocation, startDate: '2026-01-15', action: 'post', ...extra });
const create = async (api: Client, base: string, body: unknown) => {
  const r = await api.post(`${base}/Schedules`, body);
  if (r.status !== 200) throw new Error(r.text);
  return r.body;
};
const run = (companyId: string, today: string) => runSchedules({ companyId, today });
type Journal = { id: string; date: string; status: string; reference?: string; entries: Array<{ accountId: string; side: number; amount: number; costCenterId: string | null }> };
const journalsOf = async (api: Client, base: string, id: string): Promise<Journal[]> =>
  (await api.get(`${base}/Journals?pageSize=100&orderAsc=true&orderBy=Date`)).body.results.filter((j: Journal) => j.reference?.startsWith(`schedule ${id} `));
/** Each journal as [date, debited account, credited account, amount]. */
const moves = (journals: Journal[]) =>
  journals.map((j) => [j.date.slice(0, 10), j.entries.find((e) => e.side === 1)!.accountId, j.entries.find((e) => e.side === 2)!.accountId, new Big(String(j.entries[0]!.amount)).toFixed(2)]);
const total = (journals: Journal[], from?: (j: Journal) => boolean) => journals.filter(from ?? (() => true)).reduce((s, j) => s.plus(String(j.entries[0]!.amount)), new Big(0)).toFixed(2);

describe('allocation schedules', () => {
  it('spreads a prepayment straight line over month ends, the residue on the last, stated in the view and the preview; catches up a start in the past', async () => {
    // Arrange
    const books = await allocationBooks(gateway.url);
    const { api, base, chart, prepaid } = books;
    // Act
    const created = await create(api, base, schedule(prepayment(books)));
    // Assert: the plan, before anything is generated.
    expect(created).toMatchObject({ lines: [], recurrence: { frequency: 'monthly', dayOfMonth: 'last' }, endDate: '2026-03-31', count: null, nextOccurrenceDate: '2026-01-31' });
    expect(created.allocation).toEqual({
      kind: 'prepayment',
      method: 'straightLine',
      totalAmount: '1000.00',
      periods: 3,
      amounts: null,
      balanceSheetAccountId: prepaid.id,
      profitAndLossAccountId: chart.rent.id,
      costCenterId: chart.hq.id,
      residue: '0.01',
      occurrences: [
        { date: '2026-01-31', period: 1, amount: '333.33', reversal: false, carriesResidue: false },
        { date: '2026-02-28', period: 2, amount: '333.33', reversal: false, carriesResidue: false },
        { date: '2026-03-31', period: 3, amount: '333.34', reversal: false, carriesResidue: true },
      ],
      respread: null,
    });
    const preview = (await api.get(`${base}/Schedules/${created.id}/Preview?until=2026-12-31`)).body.occurrences;
    expect(preview.map((o: { date: string; amount: string; carriesResidue: boolean; reversal: boolean }) => [o.date, o.amount, o.carriesResidue, o.reversal])).toEqual([
      ['2026-01-31', '333.33', false, false],
      ['2026-02-28', '333.33', false, false],
      ['2026-03-31', '333.34', true, false],
    ]);

    expect(await run(books.companyId, '2026-06-30')).toEqual({ generated: 3, blocked: 0, deferred: 0 });
    expect(await run(books.companyId, '2026-06-30')).toEqual({ generated: 0, blocked: 0, deferred: 0 });
    const journals = await journalsOf(api, base, created.id);
    expect(moves(journals)).toEqual([
      ['2026-01-31', chart.rent.id, prepaid.id, '333.33'],
      ['2026-02-28', chart.rent.id, prepaid.id, '333.33'],
      ['2026-03-31', chart.rent.id, prepaid.id, '333.34'],
    ]);
    expect(journals.every((j) => j.status === 'posted' && j.entries.find((e) => e.side === 1)!.costCenterId === chart.hq.id)).toBe(true);
    expect(total(journals)).toBe('1000.00');
    expect((await api.get(`${base}/Schedules/${created.id}`)).body).toMatchObject({ lastSettledDate: '2026-03-31', nextOccurrenceDate: null });
  });

  it('releases deferred revenue by the days each month covers, and takes given amounts as they are', async () => {
    const books = await allocationBooks(gateway.url);
    const { api, base, chart, deferred } = books;
    const byDays = await create(api, base, schedule({ kind: 'deferredRevenue', method: 'daysInPeriod', totalAmount: '3100.00', periods: 2, balanceSheetAccountId: deferred.id, profitAndLossAccountId: chart.sales.id }, { startDate: '2026-01-21' }));
    // January 21-31 is 11 days, February 28: 3100 x 11/39 = 874.358..., rounded down.
    expect(byDays.allocation.occurrences.map((o: { amount: string }) => o.amount)).toEqual(['874.35', '2225.65']);
    const given = await create(api, base, schedule({ kind: 'deferredRevenue', method: 'givenAmounts', totalAmount: '600', amounts: ['100', '200.5', '299.50'], balanceSheetAccountId: deferred.id, profitAndLossAccountId: chart.sales.id }, { startDate: '2026-02-01', action: 'draft' }));
    expect(given.allocation).toMatchObject({ periods: 3, amounts: ['100.00', '200.50', '299.50'], residue: '0.00' });
    expect(given.allocation.occurrences.map((o: { date: string; amount: string; carriesResidue: boolean }) => [o.date, o.amount, o.carriesResidue])).toEqual([
      ['2026-02-28', '100.00', false],
      ['2026-03-31', '200.50', false],
      ['2026-04-30', '299.50', false],
    ]);

    expect(await run(books.companyId, '2026-12-31')).toEqual({ generated: 5, blocked: 0, deferred: 0 });
    expect(moves(await journalsOf(api, base, byDays.id))).toEqual([
      ['2026-01-31', deferred.id, chart.sales.id, '874.35'],
      ['2026-02-28', deferred.id, chart.sales.id, '2225.65'],
    ]);
    const drafts = await journalsOf(api, base, given.id);
    expect(drafts.map((j) => j.status)).toEqual(['draft', 'draft', 'draft']);
    expect(total(drafts)).toBe('600.00');
  });

  it('accrues at each month end and reverses on the next first, each once, even run day by day', async () => {
    const books = await allocationBooks(gateway.url);
    const { api, base, chart, accrued } = books;
    const accrual = await create(api, base, schedule({ kind: 'accrual', method: 'givenAmounts', totalAmount: 350, amounts: [100, 250], balanceSheetAccountId: accrued.id, profitAndLossAccountId: chart.rent.id }, { startDate: '2026-01-01' }));
    expect(accrual.allocation.occurrences.map((o: { date: string; reversal: boolean }) => [o.date, o.reversal])).toEqual([
      ['2026-01-31', false],
      ['2026-02-01', true],
      ['2026-02-28', false],
      ['2026-03-01', true],
    ]);

    expect((await run(books.companyId, '2026-01-31')).generated).toBe(1);
    expect((await run(books.companyId, '2026-01-31')).generated).toBe(0);
    expect((await run(books.companyId, '2026-02-01')).generated).toBe(1);
    expect((await run(books.companyId, '2026-02-01')).generated).toBe(0);
    expect((await run(books.companyId, '2026-03-31')).generated).toBe(2);
    expect(moves(await journalsOf(api, base, accrual.id))).toEqual([
      ['2026-01-31', chart.rent.id, accrued.id, '100.00'],
      ['2026-02-01', accrued.id, chart.rent.id, '100.00'],
      ['2026-02-28', chart.rent.id, accrued.id, '250.00'],
      ['2026-03-01', accrued.id, chart.rent.id, '250.00'],
    ]);
    const history = (await api.get(`${base}/Schedules/${accrual.id}/Occurrences`)).body.results;
    expect(history.map((o: { date: string; state: string }) => [o.date, o.state])).toEqual(accrual.allocation.occurrences.map((o: { date: string }) => [o.date, 'generated']));
  });

  it('skips an accrual\'s reversal with its share, only when asked', async () => {
    const books = await allocationBooks(gateway.url);
    const { api, base, chart, accrued } = books;
    const accrual = await create(api, base, schedule({ kind: 'accrual', method: 'straightLine', totalAmount: 200, periods: 2, balanceSheetAccountId: accrued.id, profitAndLossAccountId: chart.rent.id }, { startDate: '2026-01-01' }));
    const skipped = await api.post(`${base}/Schedules/${accrual.id}/SkippedOccurrences`, { date: '2026-01-31' });
    expect(skipped.body).toMatchObject({ date: '2026-01-31', state: 'skipped' });

    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 2, blocked: 0, deferred: 0 });
    const history = (await api.get(`${base}/Schedules/${accrual.id}/Occurrences`)).body.results;
    expect(history.map((o: { date: string; state: string }) => [o.date, o.state])).toEqual([['2026-01-31', 'skipped'], ['2026-02-01', 'skipped'], ['2026-02-28', 'generated'], ['2026-03-01', 'generated']]);
    expect(moves(await journalsOf(api, base, accrual.id))).toEqual([
      ['2026-02-28', chart.rent.id, accrued.id, '100.00'],
      ['2026-03-01', accrued.id, chart.rent.id, '100.00'],
    ]);
  });

  it('blocks a month whose period is locked, later ones waiting, and generates it once reopened', async () => {
    const books = await allocationBooks(gateway.url);
    const { api, base, year } = books;
    const created = await create(api, base, schedule(prepayment(books, { totalAmount: 900 })));
    const feb = year.periods[1];
    const locked = (await api.post(`${base}/FinancialYears/${year.id}/Periods/${feb.id}/Lock`, { version: feb.version })).body;

    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 1, blocked: 1, deferred: 0 });
    const history = (await api.get(`${base}/Schedules/${created.id}/Occurrences`)).body.results;
    expect(history.map((o: { date: string; state: string; reason: { code: string } | null }) => [o.date, o.state, o.reason?.code ?? null])).toEqual([['2026-01-31', 'generated', null], ['2026-02-28', 'blocked', 'PeriodNotOpen']]);

    expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${feb.id}/Reopen`, { version: locked.version })).status).toBe(200);
    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 2, blocked: 0, deferred: 0 });
    const journals = await journalsOf(api, base, created.id);
    expect(journals.map((j) => [j.date.slice(0, 10), j.status])).toEqual([['2026-01-31', 'posted'], ['2026-02-28', 'posted'], ['2026-03-31', 'posted']]);
    expect(total(journals)).toBe('900.00');
  });

  it('re-spreads the remainder over the months not yet generated when the amounts change, and says so in the answer and the event', async () => {
    const books = await allocationBooks(gateway.url);
    const { api, base } = books;
    const yearly = prepayment(books, { totalAmount: 1200, periods: 12 });
    const created = await create(api, base, schedule(yearly, { startDate: '2026-01-01' }));
    expect((await run(books.companyId, '2026-03-31')).generated).toBe(3);
    const before = await journalsOf(api, base, created.id);

    // An edit that changes no amount re-spreads nothing.
    const renamed = await api.put(`${base}/Schedules/${created.id}`, { ...schedule(yearly, { startDate: '2026-01-01', description: 'Insurance 2026' }), state: 'active', version: 1 });
    expect(renamed.body.allocation).toMatchObject({ respread: null, occurrences: created.allocation.occurrences });

    const raised = await api.put(`${base}/Schedules/${created.id}`, { ...schedule({ ...yearly, totalAmount: '1500.00' }, { startDate: '2026-01-01' }), state: 'active', version: 2 });
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body.allocation.respread).toEqual({ allocated: '300.00', remainder: '1200.00', keptThrough: '2026-03-31' });
    const amounts = raised.body.allocation.occurrences.map((o: { amount: string }) => o.amount);
    expect(amounts).toEqual(['100.00', '100.00', '100.00', ...Array(9).fill('133.33').slice(0, 8), '133.36']);
    expect(raised.body.allocation).toMatchObject({ residue: '0.03', totalAmount: '1500.00' });
    const event = (await api.get(`${base}/Events?pageSize=100`)).body.results.filter((e: { type: string }) => e.type === 'ScheduleChanged').at(-1);
    expect(event.data.allocation.respread).toEqual(raised.body.allocation.respread);

    // Refusals: below what is allocated, no month left, another kind; nothing changes.
    const put = (allocation: unknown) => api.put(`${base}/Schedules/${created.id}`, { ...schedule(allocation, { startDate: '2026-01-01' }), state: 'active', version: 3 });
    for (const [allocation, name] of [
      [{ ...yearly, totalAmount: 200 }, 'allocation.totalAmount'],
      [{ ...yearly, periods: 3 }, 'allocation.periods'],
      [{ ...yearly, kind: 'accrual', balanceSheetAccountId: books.accrued.id }, 'allocation.kind'],
    ] as const) {
      const r = await put(allocation);
      expect([r.status, r.body.errors[0].code, r.body.errors[0].name], r.text).toEqual([400, 'CannotRespread', name]);
    }
    const kindChange = await api.put(`${base}/Schedules/${created.id}`, { description: 'x', lines: [debit(books.chart.rent.id, 10), credit(books.chart.bank.id, 10)], recurrence: { frequency: 'monthly', dayOfMonth: 1 }, startDate: '2026-01-01', action: 'post', state: 'active', version: 3 });
    expect([kindChange.status, kindChange.body.errors[0].code, kindChange.body.errors[0].name]).toEqual([400, 'ScheduleKindChange', 'allocation']);

    expect(await run(books.companyId, '2026-12-31')).toEqual({ generated: 9, blocked: 0, deferred: 0 });
    const after = await journalsOf(api, base, created.id);
    // The months generated before the edit are as they were.
    expect(after.slice(0, 3).map((j) => [j.id, j.status, j.entries])).toEqual(before.map((j) => [j.id, j.status, j.entries]));
    expect(total(after)).toBe('1500.00');
    expect(moves(after).map((m) => m[3])).toEqual(amounts);
  });

  it('refuses bad allocations with a 400 naming the field, and writes nothing', async () => {
    const books = await allocationBooks(gateway.url);
    const { api, base, chart, prepaid, deferred } = books;
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [schedule(prepayment(books, { method: 'givenAmounts', periods: null, amounts: [400, 500] })), 'allocation.amounts', 'AllocationMismatch'],
      [schedule(prepayment(books, { method: 'givenAmounts', periods: 3, amounts: [500, 500] })), 'allocation.periods'],
      [schedule(prepayment(books, { method: 'givenAmounts', periods: null, amounts: [1000.001] })), 'allocation.amounts[0]'],
      [schedule(prepayment(books, { method: 'givenAmounts', periods: null })), 'allocation.amounts'],
      [schedule(prepayment(books, { amounts: [1000] })), 'allocation.amounts'],
      [schedule(prepayment(books, { periods: null })), 'allocation.periods'],
      [schedule(prepayment(books, { totalAmount: 0 })), 'allocation.totalAmount'],
      [schedule(prepayment(books, { totalAmount: -5 })), 'allocation.totalAmount'],
      [schedule(prepayment(books, { totalAmount: '0.02' })), 'allocation.totalAmount', 'TooSmallToSpread'],
      [schedule(prepayment(books, { periods: 121 })), 'allocation.periods'],
      [schedule(prepayment(books, { method: 'monthly' })), 'allocation.method'],
      [schedule(prepayment(books, { profitAndLossAccountId: chart.expenses.id })), 'allocation.profitAndLossAccountId', 'CategoryAccount'],
      [schedule(prepayment(books, { profitAndLossAccountId: chart.sales.id })), 'allocation.profitAndLossAccountId', 'AccountClassification'],
      [schedule(prepayment(books, { balanceSheetAccountId: deferred.id })), 'allocation.balanceSheetAccountId', 'AccountClassification'],
      [schedule({ kind: 'deferredRevenue', method: 'straightLine', totalAmount: 10, periods: 2, balanceSheetAccountId: prepaid.id, profitAndLossAccountId: chart.sales.id }), 'allocation.balanceSheetAccountId', 'AccountClassification'],
      [schedule(prepayment(books), { recurrence: { frequency: 'monthly', dayOfMonth: 1 } }), 'recurrence'],
      [schedule(prepayment(books), { count: 3 }), 'count'],
      [schedule(prepayment(books), { lines: [] }), 'lines'],
      [{ description: 'Nothing', startDate: '2026-01-01', action: 'post' }, 'lines'],
    ];
    for (const [body, name, code] of cases) {
      const r = await api.post(`${base}/Schedules`, body);
      expect([r.status, r.body.errors?.[0]?.name], JSON.stringify(body)).toEqual([400, name]);
      if (code) expect(r.body.errors[0].code).toBe(code);
    }
    expect((await api.get(`${base}/Schedules`)).body.results).toEqual([]);
  });
});
