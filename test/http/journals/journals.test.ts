import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, year2026 } from '../../support/ledger.ts';

const gateway = useGateway();
const date = (d: string) => `${d}T10:00:00Z`;

async function setup() {
  const owner = await companyOwner(gateway.url);
  const chart = await chartOfAccounts(owner.api, owner.base);
  return { ...owner, chart };
}

describe('journals: create, read, update', () => {
  it('creates drafts with sequential serial numbers, UUID and path references mixed, stored as UUIDs', async () => {
    const { api, base, chart } = await setup();

    const first = await api.post(`${base}/Journals`, {
      date: date('2026-03-01'),
      description: 'Cash sale',
      reference: 'INV-1',
      entries: [debit('1.1101', 100.5, 'HQ'), credit(chart.sales.id, 100.5, chart.hq.id)],
    });
    const second = await api.post(`${base}/Journals`, { date: date('2026-03-02'), entries: [debit(chart.rent.id, 10), credit('1.1102', 10)] });

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      serialNumber: 1,
      status: 'draft',
      version: 1,
      description: 'Cash sale',
      entries: [
        { accountId: chart.cash.id, costCenterId: chart.hq.id, side: 1, amount: 100.5 },
        { accountId: chart.sales.id, costCenterId: chart.hq.id, side: 2, amount: 100.5 },
      ],
      totals: { debit: 100.5, credit: 100.5 },
    });
    expect(second.body.serialNumber).toBe(2);
    expect(second.body.entries[1].accountId).toBe(chart.bank.id);
    expect((await api.get(`${base}/Journals/${first.body.id}`)).body).toEqual(first.body);
  });

  it('takes a plain date as the start of that day in UTC, on create and update, and refuses a date that is neither form', async () => {
    const { api, base, chart } = await setup();
    const entries = [debit(chart.cash.id, 5), credit(chart.sales.id, 5)];

    const created = await api.post(`${base}/Journals`, { date: '2026-01-05', entries });
    const updated = await api.put(`${base}/Journals/${created.body.id}`, { date: '2026-01-31', entries, version: 1 });
    const listed = await api.get(`${base}/Journals?dateFrom=2026-01-31&dateTo=2026-01-31`);
    const impossible = await api.post(`${base}/Journals`, { date: '2026-02-30', entries });
    const neither = await api.post(`${base}/Journals`, { date: '5 January 2026', entries });

    expect(created.status, created.text).toBe(200);
    expect(created.body.date).toBe('2026-01-05T00:00:00Z');
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.date).toBe('2026-01-31T00:00:00Z');
    expect(listed.body.results.map((j: { id: string }) => j.id)).toEqual([created.body.id]);
    expect(impossible.status).toBe(400);
    expect(impossible.body.errors).toEqual([{ name: 'date', reason: 'must be a date in the form YYYY-MM-DD', code: 'ValidationError' }]);
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0]).toMatchObject({ name: 'date', reason: expect.stringContaining('or a date such as 2026-03-31') });
  });

  it('refuses bad lines naming the line, writes nothing and uses no serial number', async () => {
    const { api, base, chart } = await setup();
    const other = await companyOwner(gateway.url);
    const foreign = await other.api.post(`${other.base}/Accounts`, { code: '9', name: { arabic: 'س', english: 'x' }, type: 'leaf', classification: 'asset' });
    await api.post(`${base}/CostCenters/${chart.branch.id}/Deactivate`, { version: chart.branch.version });
    const attempt = (entries: unknown[]) => api.post(`${base}/Journals`, { date: date('2026-03-01'), entries });

    // A create draws its serial number only once its checks passed (docs/decisions.md, Journals):
    // refusals leave no gap, one at a time or at once.
    const cases = [
      [() => attempt([debit(chart.cash.id, 5), credit(chart.revenue.id, 5)]), 400, 'entries[1].accountId', 'CategoryAccount'],
      [() => attempt([debit(chart.cash.id, 5, chart.branch.id), credit(chart.sales.id, 5)]), 400, 'entries[0].costCenterId', 'InactiveCostCenter'],
      [() => attempt([debit(chart.cash.id, 5), credit(chart.sales.id, 3), credit('4.9999', 2)]), 404, 'entries[2].accountId', 'NotFound'],
      [() => attempt([debit(foreign.body.id, 5), credit(chart.sales.id, 5)]), 404, 'entries[0].accountId', 'NotFound'],
      [() => attempt([debit(chart.cash.id, 5, 'NOPE'), credit(chart.sales.id, 5)]), 404, 'entries[0].costCenterId', 'NotFound'],
      [() => attempt([debit(chart.cash.id, 1.005), credit(chart.sales.id, 1.005)]), 400, 'entries[0].amount', 'ValidationError'],
      [() => attempt([debit(chart.cash.id, -5), credit(chart.sales.id, 5)]), 400, 'entries[0].amount', 'ValidationError'],
      [() => attempt([debit(chart.cash.id, 0), credit(chart.sales.id, 5)]), 400, 'entries[0].amount', 'ValidationError'],
      [() => attempt([debit(chart.cash.id, '1e3'), credit(chart.sales.id, 5)]), 400, 'entries[0].amount', 'ValidationError'],
      [() => attempt([{ accountId: chart.cash.id, side: 3, amount: 5 }]), 400, 'entries[0].side', 'ValidationError'],
      [() => api.post(`${base}/Journals`, { date: '2026-03-01T10:00', entries: [debit(chart.cash.id, 5)] }), 400, 'date', 'ValidationError'],
    ] as const;
    for (const [pending, status, name, code] of cases) {
      const response = await pending();
      expect(response.status, name).toBe(status);
      expect(response.body.errors[0], name).toMatchObject({ name, code });
    }

    expect((await api.get(`${base}/Journals`)).body.results).toEqual([]);
    const ok = await attempt([debit(chart.cash.id, 5), credit(chart.sales.id, 5)]);
    expect(ok.body.serialNumber).toBe(1);

    const together = await Promise.all(cases.map(([pending]) => pending()));
    expect(together.map((r) => r.status)).toEqual(cases.map(([, status]) => status));
    const [next, last] = [await attempt([debit(chart.cash.id, 5), credit(chart.sales.id, 5)]), await attempt([debit(chart.cash.id, 6), credit(chart.sales.id, 6)])];
    const numbers = (await api.get(`${base}/Journals`)).body.results.map((j: { serialNumber: number }) => j.serialNumber);
    expect([next.body.serialNumber, last.body.serialNumber]).toEqual([2, 3]);
    expect(numbers.sort((a: number, b: number) => a - b)).toEqual([1, 2, 3]);
  });

  it('holds amounts exactly: 0.1 + 0.2 debits balance a 0.3 credit, and 3-decimal currencies keep their mils', async () => {
    const { api, base, chart } = await setup();
    await year2026(api, base);
    const raw = `{"date":"${date('2026-01-05')}","entries":[
      {"accountId":"${chart.cash.id}","side":1,"amount":0.1},
      {"accountId":"${chart.bank.id}","side":1,"amount":0.2},
      {"accountId":"${chart.sales.id}","side":2,"amount":0.3}]}`;

    const created = await api.request('POST', `${base}/Journals`, { raw });
    const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-01-05', version: 1 });

    expect(created.body.totals).toEqual({ debit: 0.3, credit: 0.3 });
    expect(posted.status).toBe(200);

    const kwd = await companyOwner(gateway.url, { baseCurrency: 'KWD', decimalPrecision: 3 });
    const kChart = await chartOfAccounts(kwd.api, kwd.base);
    const mils = await kwd.api.post(`${kwd.base}/Journals`, { date: date('2026-01-05'), entries: [debit(kChart.cash.id, 1.005), credit(kChart.sales.id, 1.005)] });
    expect(mils.body.entries[0].amount).toBe(1.005);
  });

  it('updates only drafts, versioned and idempotent', async () => {
    const { api, base, chart } = await setup();
    await year2026(api, base);
    const draft = (await api.post(`${base}/Journals`, { date: date('2026-02-01'), entries: [debit(chart.cash.id, 1), credit(chart.sales.id, 1)] })).body;
    const key = { 'Idempotency-Key': randomUUID() };
    const body = { date: date('2026-02-02'), description: 'corrected', entries: [debit(chart.bank.id, 2), credit(chart.sales.id, 2)], version: 1 };

    const updated = await api.put(`${base}/Journals/${draft.id}`, body, key);
    const replay = await api.put(`${base}/Journals/${draft.id}`, body, key);
    const stale = await api.put(`${base}/Journals/${draft.id}`, body);

    expect(updated.body).toMatchObject({ version: 2, description: 'corrected', serialNumber: draft.serialNumber, totals: { debit: 2, credit: 2 } });
    expect(replay.text).toBe(updated.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].code).toBe('Conflict');

    await api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-02-02', version: 2 });
    const afterPost = await api.put(`${base}/Journals/${draft.id}`, { ...body, version: 3 });
    expect(afterPost.status).toBe(409);
    expect(afterPost.body.errors[0].code).toBe('InvalidState');
    // The account the update dropped is free to delete; the one it uses is not.
    expect((await api.delete(`${base}/Accounts/${chart.cash.id}`, { version: chart.cash.version })).status).toBe(200);
    const inUse = await api.delete(`${base}/Accounts/${chart.bank.id}`, { version: chart.bank.version });
    expect(inUse.status).toBe(409);
    expect(inUse.body.errors[0].code).toBe('InUse');
  });

  it('replays an idempotent create with the same id and serial number', async () => {
    const { api, base, chart } = await setup();
    const key = { 'Idempotency-Key': randomUUID() };
    const body = { date: date('2026-04-01'), entries: [debit(chart.cash.id, 3), credit(chart.sales.id, 3)] };

    const first = await api.post(`${base}/Journals`, body, key);
    const retry = await api.post(`${base}/Journals`, body, key);
    const next = await api.post(`${base}/Journals`, body);

    expect(retry.body).toEqual(first.body);
    expect(next.body.serialNumber).toBe(first.body.serialNumber + 1);
  });

  it('lists by date with date-range, status and keyword filters, or by serial number', async () => {
    const { api, base, chart } = await setup();
    await year2026(api, base);
    const make = async (d: string, description: string) =>
      (await api.post(`${base}/Journals`, { date: date(d), description, entries: [debit(chart.cash.id, 1), credit(chart.sales.id, 1)] })).body;
    const march = await make('2026-03-10', 'march rent');
    const jan = await make('2026-01-10', 'january sale');
    const feb = await make('2026-02-10', 'february sale');
    await api.post(`${base}/Journals/${feb.id}/Post`, { postingDate: '2026-02-10', version: 1 });
    const ids = async (query: string) => (await api.get(`${base}/Journals?${query}`)).body.results.map((j: { id: string }) => j.id);

    expect(await ids('orderBy=Date&orderAsc=true')).toEqual([jan.id, feb.id, march.id]);
    expect(await ids('orderBy=Date')).toEqual([march.id, feb.id, jan.id]);
    expect(await ids('orderBy=SerialNumber&orderAsc=true')).toEqual([march.id, jan.id, feb.id]);
    expect(await ids('orderAsc=true&dateFrom=2026-02-01&dateTo=2026-03-10')).toEqual([feb.id, march.id]);
    expect(await ids('orderBy=SerialNumber&orderAsc=true&dateTo=2026-02-28')).toEqual([jan.id, feb.id]);
    expect(await ids('status=posted')).toEqual([feb.id]);
    expect(await ids('keyword=SALE&orderAsc=true')).toEqual([jan.id, feb.id]);
    expect((await api.get(`${base}/Journals?status=archived`)).body.errors[0].name).toBe('status');
  });
});
