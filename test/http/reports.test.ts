import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../support/api.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../support/ledger.ts';

const gateway = useGateway();


describe('trial balance', () => {
  it('sums posted balances exactly for the year, a period and a cost center, leaving drafts and voids out', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);
    await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, 1000.1, chart.hq.id), credit(chart.sales.id, 1000.1, chart.hq.id)]);
    await postedJournal(api, base, '2026-02-15', [debit(chart.rent.id, 250.05, chart.branch.id), credit(chart.cash.id, 250.05)]);
    const voided = await postedJournal(api, base, '2026-02-16', [debit(chart.rent.id, 99), credit(chart.cash.id, 99)]);
    await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version });
    await api.post(`${base}/Journals`, { date: '2026-02-17T00:00:00Z', entries: [debit(chart.rent.id, 5), credit(chart.cash.id, 5)] });
    const report = (query: string) => api.get(`${base}/Reports/TrialBalance?financialYearId=${year.id}${query}`);
    const rows = (body: { rows: Array<{ code: string; debit: string; credit: string; net: string }> }) =>
      Object.fromEntries(body.rows.map((r) => [r.code, [r.debit, r.credit, r.net]]));

    const whole = (await report('')).body;
    expect(rows(whole)).toEqual({
      '1101': ['1000.10', '250.05', '750.05'],
      '4101': ['0.00', '1000.10', '-1000.10'],
      '5101': ['250.05', '0.00', '250.05'],
    });
    expect(whole.totals).toEqual({ debit: '1250.15', credit: '1250.15' });
    expect(whole.rows.map((r: { path: string }) => r.path)).toEqual(['1.1101', '4.4101', '5.5101']);
    expect(whole.currency).toBe('SAR');

    const february = (await report(`&periodId=${year.periods[1].id}`)).body;
    expect(rows(february)).toEqual({ '1101': ['0.00', '250.05', '-250.05'], '5101': ['250.05', '0.00', '250.05'] });

    const headOffice = (await report('&costCenterId=HQ')).body;
    expect(headOffice.costCenterId).toBe(chart.hq.id);
    expect(rows(headOffice)).toEqual({ '1101': ['1000.10', '0.00', '1000.10'], '4101': ['0.00', '1000.10', '-1000.10'] });
  });

  it('names the bad or unknown parameter', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const year = await year2026(api, base);

    const missing = await api.get(`${base}/Reports/TrialBalance`);
    const unknownYear = await api.get(`${base}/Reports/TrialBalance?financialYearId=${randomUUID()}`);
    const unknownPeriod = await api.get(`${base}/Reports/TrialBalance?financialYearId=${year.id}&periodId=${randomUUID()}`);
    const unknownCenter = await api.get(`${base}/Reports/TrialBalance?financialYearId=${year.id}&costCenterId=NOPE`);

    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].name).toBe('financialYearId');
    expect(unknownYear.status).toBe(404);
    expect(unknownPeriod.body.errors[0]).toMatchObject({ name: 'periodId', code: 'NotFound' });
    expect(unknownCenter.body.errors[0]).toMatchObject({ name: 'costCenterId', code: 'NotFound' });
  });
});
