import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';

const gateway = useGateway();

async function createYear(api: Client, base: string, body: Record<string, unknown> = { startDate: '2026-01-01', endDate: '2026-12-31' }) {
  const response = await api.post(`${base}/FinancialYears`, body);
  if (response.status !== 200) throw new Error(response.text);
  return response.body;
}

describe('financial years', () => {
  it('creates a year with 12 open monthly periods by default, or the periods given', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const year = await createYear(api, base);
    const halves = await createYear(api, base, {
      name: 'FY27',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      periods: [
        { name: 'H1', startDate: '2027-01-01', endDate: '2027-06-30' },
        { name: 'H2', startDate: '2027-07-01', endDate: '2027-12-31' },
      ],
    });

    expect(year).toMatchObject({ name: 'FY 2026', status: 'open', version: 1 });
    expect(year.periods).toHaveLength(12);
    expect(year.periods[1]).toMatchObject({ number: 2, startDate: '2026-02-01', endDate: '2026-02-28', status: 'open', version: 1, financialYearId: year.id });
    expect(halves.periods.map((p: { name: string }) => p.name)).toEqual(['H1', 'H2']);
    expect((await api.get(`${base}/FinancialYears/${year.id}`)).body).toEqual(year);
  });

  it('refuses overlapping years, bad ranges and periods that do not tile the year, naming the field', async () => {
    const { api, base } = await companyOwner(gateway.url);
    await createYear(api, base);

    const overlap = await api.post(`${base}/FinancialYears`, { startDate: '2026-07-01', endDate: '2027-06-30' });
    const reversed = await api.post(`${base}/FinancialYears`, { startDate: '2028-12-31', endDate: '2028-01-01' });
    const badDate = await api.post(`${base}/FinancialYears`, { startDate: '2028-02-30', endDate: '2028-12-31' });
    const gap = await api.post(`${base}/FinancialYears`, {
      startDate: '2028-01-01',
      endDate: '2028-12-31',
      periods: [{ startDate: '2028-01-01', endDate: '2028-05-31' }, { startDate: '2028-07-01', endDate: '2028-12-31' }],
    });

    expect(overlap.status).toBe(400);
    expect(overlap.body.errors[0]).toMatchObject({ name: 'startDate', code: 'Overlap' });
    expect(reversed.body.errors[0].name).toBe('endDate');
    expect(badDate.body.errors[0].name).toBe('startDate');
    expect(gap.body.errors[0].name).toBe('periods[1].startDate');
    expect((await api.get(`${base}/FinancialYears`)).body.results).toHaveLength(1);
  });

  it('creates only one of two overlapping years sent at once', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const results = await Promise.all([
      api.post(`${base}/FinancialYears`, { startDate: '2030-01-01', endDate: '2030-12-31' }),
      api.post(`${base}/FinancialYears`, { startDate: '2030-06-01', endDate: '2031-05-31' }),
    ]);

    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await api.get(`${base}/FinancialYears`)).body.results).toHaveLength(1);
  });

  it('updates the name, re-dates the periods, and deletes an unused year, all versioned', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const year = await createYear(api, base);

    const renamed = await api.put(`${base}/FinancialYears/${year.id}`, { name: 'Calendar 2026', startDate: year.startDate, endDate: year.endDate, version: year.version });
    expect(renamed.body).toMatchObject({ name: 'Calendar 2026', version: 2 });
    expect(renamed.body.periods.map((p: { id: string }) => p.id)).toEqual(year.periods.map((p: { id: string }) => p.id));

    const stale = await api.put(`${base}/FinancialYears/${year.id}`, { startDate: '2026-01-01', endDate: '2026-06-30', version: year.version });
    expect(stale.status).toBe(409);

    const shortened = await api.put(`${base}/FinancialYears/${year.id}`, { startDate: '2026-01-01', endDate: '2026-06-30', version: 2 });
    expect(shortened.status).toBe(200);
    expect(shortened.body.periods).toHaveLength(6);
    // The freed months can hold another year now.
    expect((await api.post(`${base}/FinancialYears`, { startDate: '2026-07-01', endDate: '2026-12-31' })).status).toBe(200);

    const deleted = await api.delete(`${base}/FinancialYears/${year.id}`, { version: shortened.body.version });
    expect(deleted.status).toBe(200);
    expect((await api.get(`${base}/FinancialYears/${year.id}`)).status).toBe(404);
    expect((await api.post(`${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-06-30' })).status).toBe(200);
  });

  it('lists years by start date with cursor pagination', async () => {
    const { api, base } = await companyOwner(gateway.url);
    for (const y of [2021, 2023, 2022]) await createYear(api, base, { startDate: `${y}-01-01`, endDate: `${y}-12-31` });

    const first = await api.get(`${base}/FinancialYears?pageSize=2&orderAsc=true`);
    const second = await api.get(`${base}/FinancialYears?pageSize=2&orderAsc=true&page=${encodeURIComponent(first.body.nextPage)}`);

    expect(first.body.results.map((y: { startDate: string }) => y.startDate)).toEqual(['2021-01-01', '2022-01-01']);
    expect(second.body.results.map((y: { startDate: string }) => y.startDate)).toEqual(['2023-01-01']);
    expect(second.body.nextPage).toBeNull();
  });
});

describe('periods', () => {
  it('lists and gets periods, paginated in order', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const year = await createYear(api, base);

    const first = await api.get(`${base}/FinancialYears/${year.id}/Periods?orderAsc=true&pageSize=5`);
    const second = await api.get(`${base}/FinancialYears/${year.id}/Periods?orderAsc=true&pageSize=5&page=${encodeURIComponent(first.body.nextPage)}`);
    const one = await api.get(`${base}/FinancialYears/${year.id}/Periods/${year.periods[3].id}`);

    expect(first.body.results.map((p: { number: number }) => p.number)).toEqual([1, 2, 3, 4, 5]);
    expect(second.body.results.map((p: { number: number }) => p.number)).toEqual([6, 7, 8, 9, 10]);
    expect(one.body).toEqual(year.periods[3]);
    expect((await api.get(`${base}/FinancialYears/${year.id}/Periods/${randomUUID()}`)).status).toBe(404);
  });

  it('locks, closes (POST and PUT, empty body, idempotent) and reopens, versioned, refusing wrong states', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const year = await createYear(api, base);
    const [jan, feb] = year.periods;
    const path = (p: { id: string }, action: string) => `${base}/FinancialYears/${year.id}/Periods/${p.id}/${action}`;

    const locked = await api.post(path(jan, 'Lock'), { version: 1 });
    expect(locked.body).toMatchObject({ status: 'locked', version: 2 });
    expect((await api.post(path(jan, 'Lock'), { version: 2 })).body.errors[0].code).toBe('InvalidState');
    expect((await api.post(path(jan, 'Reopen'), { version: 1 })).status).toBe(409);

    const key = { 'Idempotency-Key': randomUUID() };
    const closed = await api.post(path(jan, 'Close'), { version: 2 }, key);
    const replay = await api.post(path(jan, 'Close'), { version: 2 }, key);
    expect(closed.status).toBe(200);
    expect(closed.text).toBe('');
    expect(replay.status).toBe(200);
    expect(replay.text).toBe('');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const putClosed = await api.put(path(feb, 'Close'), { version: 1 });
    expect(putClosed.status).toBe(200);
    const reopened = await api.post(path(jan, 'Reopen'), { version: 3 });
    expect(reopened.body).toMatchObject({ status: 'open', version: 4 });
    const after = (await api.get(`${base}/FinancialYears/${year.id}`)).body;
    expect(after.periods.slice(0, 3).map((p: { status: string }) => p.status)).toEqual(['open', 'closed', 'open']);
    // A rename based on the year as read before those changes cannot undo them.
    const staleRename = await api.put(`${base}/FinancialYears/${year.id}`, { name: 'x', startDate: year.startDate, endDate: year.endDate, version: year.version });
    expect(staleRename.status).toBe(409);
    const rename = await api.put(`${base}/FinancialYears/${year.id}`, { name: 'x', startDate: year.startDate, endDate: year.endDate, version: after.version });
    expect(rename.body.periods.slice(0, 3).map((p: { status: string }) => p.status)).toEqual(['open', 'closed', 'open']);
  });

  it('closes the year once every period is closed: empty 200, idempotent, then refuses every change', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const year = await createYear(api, base, {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      periods: [{ startDate: '2026-01-01', endDate: '2026-06-30' }, { startDate: '2026-07-01', endDate: '2026-12-31' }],
    });
    const periodPath = (i: number, action: string) => `${base}/FinancialYears/${year.id}/Periods/${year.periods[i].id}/${action}`;

    const early = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: 1 });
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe('PeriodsNotClosed');

    await api.post(periodPath(0, 'Close'), { version: 1 });
    await api.post(periodPath(1, 'Close'), { version: 1 });
    // Each period change advanced the year's version too.
    const stale = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: 1 });
    expect(stale.body.errors[0].code).toBe('Conflict');
    const key = { 'Idempotency-Key': randomUUID() };
    const closed = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: 3 }, key);
    const replay = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: 3 }, key);

    expect(closed.status).toBe(200);
    expect(closed.text).toBe('');
    expect(replay.status).toBe(200);
    expect(replay.text).toBe('');
    const after = (await api.get(`${base}/FinancialYears/${year.id}`)).body;
    expect(after).toMatchObject({ status: 'closed', version: 4 });
    expect((await api.post(periodPath(0, 'Reopen'), { version: 2 })).body.errors[0].code).toBe('InvalidState');
    expect((await api.put(`${base}/FinancialYears/${year.id}`, { startDate: '2026-01-01', endDate: '2026-12-31', version: 4 })).body.errors[0].code).toBe('InvalidState');
    expect((await api.delete(`${base}/FinancialYears/${year.id}`, { version: 4 })).body.errors[0].code).toBe('InvalidState');
    expect((await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: 4 })).body.errors[0].code).toBe('InvalidState');
  });
});
