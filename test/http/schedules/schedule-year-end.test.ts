import { describe, expect, it } from 'vitest';
import { runSchedules } from '../../../functions/ops/run-schedules.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/** A year's recurring journals close with the year; the next year's are generated once it exists. */
const gateway = useGateway();

describe('schedules at year end', () => {
  it('posts every occurrence of the year before its closing journal, blocks the next year\'s until it exists, then generates them', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base, chart, year, companyId } = books;
    const settings = (await api.get(`${base}/Settings`)).body;
    await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: chart.retained.id, version: settings.version });
    const schedule = (await api.post(`${base}/Schedules`, { description: 'Rent', lines: [debit(chart.rent.id, '250.25', chart.hq.id), credit(chart.bank.id, '250.25')], recurrence: { frequency: 'monthly', dayOfMonth: 'last' }, startDate: '2026-01-01', action: 'post' })).body;

    // Arrange: the year's twelve occurrences posted; January 2027 has no year yet.
    expect(await runSchedules({ companyId, today: '2027-02-28' })).toEqual({ generated: 12, blocked: 1, deferred: 0 });

    // Act: the year closes with its schedules' postings in it.
    const closing = (await api.post(`${base}/FinancialYears/${year.id}/GenerateClosingJournal`)).body;
    const lines = closing.entries.map((e: { accountId: string; costCenterId: string | null; side: number; amount: number }) => [e.accountId, e.costCenterId, e.side, e.amount]);
    expect(lines).toEqual(expect.arrayContaining([[chart.rent.id, chart.hq.id, 2, 3003], [chart.retained.id, null, 1, 3003]]));
    expect((await api.post(`${base}/Journals/${closing.id}/Post`, { postingDate: '2026-12-31', version: closing.version })).status).toBe(200);
    for (const p of year.periods) await api.post(`${base}/FinancialYears/${year.id}/Periods/${p.id}/Close`, { version: p.version });
    const closed = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: (await api.get(`${base}/FinancialYears/${year.id}`)).body.version });
    expect(closed.status, closed.text).toBe(200);

    // Assert: blocked until 2027 exists, then generated in order, once.
    expect(await runSchedules({ companyId, today: '2027-02-28' })).toEqual({ generated: 0, blocked: 1, deferred: 0 });
    let history = (await api.get(`${base}/Schedules/${schedule.id}/Occurrences?pageSize=100`)).body.results;
    expect(history.at(-1)).toMatchObject({ date: '2027-01-31', state: 'blocked', reason: { code: 'NoFinancialYear' } });
    expect((await api.post(`${base}/FinancialYears`, { startDate: '2027-01-01', endDate: '2027-12-31' })).status).toBe(200);
    expect(await runSchedules({ companyId, today: '2027-02-28' })).toEqual({ generated: 2, blocked: 0, deferred: 0 });
    history = (await api.get(`${base}/Schedules/${schedule.id}/Occurrences?pageSize=100`)).body.results;
    expect(history.map((o: { date: string; state: string }) => o.state)).toEqual(Array.from({ length: 14 }, () => 'generated'));
    expect(history.map((o: { date: string }) => o.date).slice(-3)).toEqual(['2026-12-31', '2027-01-31', '2027-02-28']);
    const journals = (await api.get(`${base}/Journals?pageSize=100&dateFrom=2026-01-01&dateTo=2027-12-31`)).body.results.filter((j: { reference?: string }) => j.reference?.startsWith(`schedule ${schedule.id} `));
    expect(journals).toHaveLength(14);
  }, 180_000);
});
