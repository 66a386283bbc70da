import { describe, expect, it } from 'vitest';
import { runSchedules } from '../../../functions/ops/run-schedules.ts';
import { useGateway, type Client } from '../../support/api.ts';
import { allocationBooks } from '../../support/allocation-books.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { crashAfterWrite, transactionsMeet } from '../support/faults.ts';

/**
 * Each occurrence of a recurring journal is generated once: whichever write of a run the process
 * dies after (the run then finished by the next), and with two runs at once.
 */
const gateway = useGateway();
const TODAY = '2026-03-31';
const DATES = ['2026-01-31', '2026-02-28', '2026-03-31'];

async function quarterOfRent(api: Client, base: string, chart: Awaited<ReturnType<typeof companyBooks>>['chart'], action: 'draft' | 'post') {
  const r = await api.post(`${base}/Schedules`, { description: 'Rent', lines: [debit(chart.rent.id, 100, chart.hq.id), credit(chart.bank.id, 100)], recurrence: { frequency: 'monthly', dayOfMonth: 'last' }, startDate: '2026-01-01', action });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.id as string;
}

/** The schedule's journals as the books hold them, by date, and its run history. */
async function generated(api: Client, base: string, scheduleId: string) {
  const journals = (await api.get(`${base}/Journals?pageSize=100&orderAsc=true&orderBy=Date`)).body.results.filter((j: { reference?: string }) => j.reference?.startsWith(`schedule ${scheduleId} `));
  const history = (await api.get(`${base}/Schedules/${scheduleId}/Occurrences`)).body.results;
  return {
    journals: journals.map((j: { date: string; status: string }) => [j.date.slice(0, 10), j.status]),
    history: history.map((o: { date: string; state: string }) => [o.date, o.state]),
    linked: history.every((o: { journalId: string }) => journals.some((j: { id: string }) => j.id === o.journalId)),
  };
}

describe('schedule generation, exactly once', () => {
  it('gives each occurrence once whichever write the run dies after, the next run finishing it', async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    // A posting schedule writes two transactions an occurrence (the draft, then its posting), a drafting one one.
    for (const [action, writes] of [['post', 6], ['draft', 3]] as const) {
      for (let n = 1; n <= writes; n++) {
        const scheduleId = await quarterOfRent(api, base, chart, action);
        const crash = crashAfterWrite(n);
        const dying = await runSchedules({ companyId, today: TODAY }).finally(crash.restore);
        expect(dying.deferred, `${action}, dying after write ${n}`).toBe(1);

        const after = await runSchedules({ companyId, today: TODAY });
        expect(after.deferred).toBe(0);
        const status = action === 'post' ? 'posted' : 'draft';
        expect(await generated(api, base, scheduleId), `${action}, dying after write ${n}`).toEqual({ journals: DATES.map((d) => [d, status]), history: DATES.map((d) => [d, 'generated']), linked: true });
      }
    }
    // Every posting counted once: nine months of rent per posting schedule run.
    const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    expect(JSON.stringify(trial)).toContain(`"${(6 * 3 * 100).toFixed(2)}"`);
  }, 300_000);

  it('gives each occurrence once with two runs at once, both reading before either writes', async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const ids = [await quarterOfRent(api, base, chart, 'post'), await quarterOfRent(api, base, chart, 'draft')];
    const meet = transactionsMeet(2);
    const runs = await Promise.all([runSchedules({ companyId, today: TODAY }), runSchedules({ companyId, today: TODAY })]).finally(meet.restore);
    // Whatever each run got done, the next finds nothing left, and nothing was made twice.
    await runSchedules({ companyId, today: TODAY });
    expect(runs.reduce((sum, r) => sum + r.generated, 0)).toBeLessThanOrEqual(6);
    expect(await generated(api, base, ids[0]!)).toEqual({ journals: DATES.map((d) => [d, 'posted']), history: DATES.map((d) => [d, 'generated']), linked: true });
    expect(await generated(api, base, ids[1]!)).toEqual({ journals: DATES.map((d) => [d, 'draft']), history: DATES.map((d) => [d, 'generated']), linked: true });
    expect((await runSchedules({ companyId, today: TODAY })).generated).toBe(0);
  });

  it('gives each occurrence once with many runs at once over many templates', async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const ids = await Promise.all(Array.from({ length: 4 }, (_, i) => quarterOfRent(api, base, chart, i % 2 === 0 ? 'post' : 'draft')));
    const runs = await Promise.all(Array.from({ length: 4 }, () => runSchedules({ companyId, today: TODAY })));
    await runSchedules({ companyId, today: TODAY });
    expect(runs.reduce((sum, r) => sum + r.generated, 0)).toBeLessThanOrEqual(12);
    for (const [i, id] of ids.entries()) {
      expect(await generated(api, base, id)).toEqual({ journals: DATES.map((d) => [d, i % 2 === 0 ? 'posted' : 'draft']), history: DATES.map((d) => [d, 'generated']), linked: true });
    }
  });

  it('gives each share and reversal of an accrual once, whichever write the run dies after, and with two runs at once', async () => {
    const books = await allocationBooks(gateway.url);
    const { api, base, chart, accrued, companyId } = books;
    const accrual = async () => {
      const r = await api.post(`${base}/Schedules`, { description: 'Accrued rent', allocation: { kind: 'accrual', method: 'straightLine', totalAmount: 100, periods: 2, balanceSheetAccountId: accrued.id, profitAndLossAccountId: chart.rent.id }, startDate: '2026-01-01', action: 'post' });
      if (r.status !== 200) throw new Error(r.text);
      return r.body.id as string;
    };
    const dates = ['2026-01-31', '2026-02-01', '2026-02-28', '2026-03-01'];
    const expected = { journals: dates.map((d) => [d, 'posted']), history: dates.map((d) => [d, 'generated']), linked: true };
    // Each occurrence posts in two transactions (a recurring template's crash test above dies after each): dying after the first share's posting, then after its reversal's draft.
    for (const n of [2, 3]) {
      const scheduleId = await accrual();
      const crash = crashAfterWrite(n);
      expect((await runSchedules({ companyId, today: TODAY }).finally(crash.restore)).deferred).toBe(1);
      await runSchedules({ companyId, today: TODAY });
      expect(await generated(api, base, scheduleId), `dying after write ${n}`).toEqual(expected);
    }
    const raced = await accrual();
    const meet = transactionsMeet(2);
    await Promise.all([runSchedules({ companyId, today: TODAY }), runSchedules({ companyId, today: TODAY })]).finally(meet.restore);
    await runSchedules({ companyId, today: TODAY });
    expect(await generated(api, base, raced)).toEqual(expected);
    // Three schedules, each accrued and reversed in full: the accrued liability is back to nothing.
    const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-03-31`)).body;
    const row = trial.rows.find((r: { accountId: string }) => r.accountId === accrued.id);
    expect([row.movement, row.closing]).toEqual([{ debit: '300.00', credit: '300.00' }, { debit: '0.00', credit: '0.00' }]);
  }, 120_000);

  it('keeps the plan and the journals one when an edit re-spreads while a run generates, both reading before either writes', async () => {
    const { api, base, chart, prepaid, companyId } = await allocationBooks(gateway.url);
    const allocation = { kind: 'prepayment', method: 'straightLine', totalAmount: 300, periods: 3, balanceSheetAccountId: prepaid.id, profitAndLossAccountId: chart.rent.id };
    const body = { description: 'Insurance', allocation, startDate: '2026-01-01', action: 'post' };
    const id = (await api.post(`${base}/Schedules`, body)).body.id as string;
    const meet = transactionsMeet(2);
    const [, edit] = await Promise.all([runSchedules({ companyId, today: TODAY }), api.put(`${base}/Schedules/${id}`, { ...body, allocation: { ...allocation, totalAmount: 600 }, state: 'active', version: 1 })]).finally(meet.restore);
    expect(edit.status, edit.text).toBe(200);
    await runSchedules({ companyId, today: TODAY });

    // Whichever wrote first, each journal is the plan's share of its date, and they sum to the new total.
    const plan = (await api.get(`${base}/Schedules/${id}`)).body.allocation.occurrences.map((o: { date: string; amount: string }) => [o.date, o.amount]);
    const journals = (await api.get(`${base}/Journals?pageSize=100&orderAsc=true&orderBy=Date`)).body.results.filter((j: { reference?: string }) => j.reference?.startsWith(`schedule ${id} `));
    expect(journals.map((j: { date: string; entries: Array<{ amount: number }> }) => [j.date.slice(0, 10), j.entries[0]!.amount.toFixed(2)])).toEqual(plan);
    expect(journals.reduce((sum: number, j: { entries: Array<{ amount: number }> }) => sum + Math.round(j.entries[0]!.amount * 100), 0)).toBe(60_000);
  });

  it('keeps the share of a month whose draft was made when an edit re-spreads before its posting', async () => {
    const { api, base, chart, prepaid, companyId } = await allocationBooks(gateway.url);
    const allocation = { kind: 'prepayment', method: 'straightLine', totalAmount: 300, periods: 3, balanceSheetAccountId: prepaid.id, profitAndLossAccountId: chart.rent.id };
    const body = { description: 'Insurance', allocation, startDate: '2026-01-01', action: 'post' };
    const id = (await api.post(`${base}/Schedules`, body)).body.id as string;
    // The run dies after January's draft: its occurrence is posting, its journal made at 100.00.
    const crash = crashAfterWrite(1);
    await runSchedules({ companyId, today: TODAY }).finally(crash.restore);

    const edit = await api.put(`${base}/Schedules/${id}`, { ...body, allocation: { ...allocation, totalAmount: 600 }, state: 'active', version: 1 });
    expect(edit.body.allocation.respread).toEqual({ allocated: '100.00', remainder: '500.00', keptThrough: '2026-01-31' });
    expect(edit.body.allocation.occurrences.map((o: { amount: string }) => o.amount)).toEqual(['100.00', '250.00', '250.00']);
    await runSchedules({ companyId, today: TODAY });
    const journals = (await api.get(`${base}/Journals?pageSize=100&orderAsc=true&orderBy=Date`)).body.results.filter((j: { reference?: string }) => j.reference?.startsWith(`schedule ${id} `));
    expect(journals.map((j: { status: string; entries: Array<{ amount: number }> }) => [j.status, j.entries[0]!.amount.toFixed(2)])).toEqual([['posted', '100.00'], ['posted', '250.00'], ['posted', '250.00']]);
  });
});
