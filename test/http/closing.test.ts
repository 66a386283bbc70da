import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readBalance } from '../../shared/db/balance-store.ts';
import { companyOwner, useGateway } from '../support/api.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../support/ledger.ts';

const gateway = useGateway();


describe('year-end closing', () => {
  it('generates one closing journal moving revenue and expense balances to retained earnings, exactly; then the year closes', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);
    await postedJournal(api, base, '2026-02-10', [debit(chart.cash.id, 1000.1), credit(chart.sales.id, 1000.1, chart.hq.id)]);
    await postedJournal(api, base, '2026-07-01', [debit(chart.rent.id, 300.05), credit(chart.bank.id, 300.05)]);
    await postedJournal(api, base, '2026-09-09', [debit(chart.cash.id, 0.01), credit(chart.sales.id, 0.01)]);
    const gen = `${base}/FinancialYears/${year.id}/GenerateClosingJournal`;

    const unset = await api.post(gen);
    expect(unset.body.errors[0].code).toBe('RetainedEarningsNotSet');
    const settings = (await api.get(`${base}/Settings`)).body;
    await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: chart.retained.id, version: settings.version });

    const key = { 'Idempotency-Key': randomUUID() };
    const closing = await api.post(gen, undefined, key);
    const replay = await api.post(gen, undefined, key);
    const again = await api.post(gen);

    expect(closing.status).toBe(200);
    expect(closing.body).toMatchObject({ status: 'draft', date: '2026-12-31T00:00:00Z', totals: { debit: 1000.11, credit: 1000.11 } });
    // Each cost center's part of an account is closed in it: sales at HQ, and the cent booked without one.
    const lines = closing.body.entries.map((e: { accountId: string; costCenterId: string | null; side: number; amount: number }) => [e.accountId, e.costCenterId, e.side, e.amount]);
    expect(lines).toHaveLength(4);
    expect(lines).toEqual(
      expect.arrayContaining([
        [chart.sales.id, chart.hq.id, 1, 1000.1],
        [chart.sales.id, null, 1, 0.01],
        [chart.rent.id, null, 2, 300.05],
        [chart.retained.id, null, 2, 700.06],
      ]),
    );
    expect(replay.text).toBe(closing.text);
    expect(again.body.id).toBe(closing.body.id);

    const posted = await api.post(`${base}/Journals/${closing.body.id}/Post`, { postingDate: '2026-12-31', version: 1 });
    expect(posted.status).toBe(200);
    const december = year.periods[11].id;
    expect(await readBalance(companyId, december, chart.retained.id)).toEqual({ debit: '0', credit: '700.06' });
    const nothing = await api.post(`${base}/FinancialYears/${year.id}/GenerateClosingJournal`);
    expect(nothing.body.id).toBe(closing.body.id);

    // The income statement leaves the closing journal out; the balance sheet shows the profit in retained earnings.
    const statement = (await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    expect(statement.totals).toEqual({ revenue: ['1000.11'], expense: ['300.05'], netProfit: ['700.06'] });
    const sheet = (await api.get(`${base}/Reports/BalanceSheet?date=2026-12-31`)).body;
    expect(sheet.currentYearEarnings).toEqual(['0.00']);
    expect(sheet.equity.find((r: { code: string }) => r.code === '3101').amounts).toEqual(['700.06']);
    expect(sheet.totals.liabilitiesAndEquity).toEqual(sheet.totals.assets);

    for (const p of year.periods) await api.post(`${base}/FinancialYears/${year.id}/Periods/${p.id}/Close`, { version: p.version });
    const closed = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: (await api.get(`${base}/FinancialYears/${year.id}`)).body.version });
    expect(closed.status).toBe(200);
    const late = await api.post(`${base}/Journals`, { date: '2026-12-31T10:00:00Z', entries: [debit(chart.cash.id, 1), credit(chart.sales.id, 1)] });
    expect(late.status).toBe(409);
    expect(late.body.errors[0]).toMatchObject({ name: 'date', code: 'YearClosed' });
  });

  it('answers NothingToClose for a year without revenue or expense balances', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);
    const settings = (await api.get(`${base}/Settings`)).body;
    await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: chart.retained.id, version: settings.version });
    await postedJournal(api, base, '2026-03-03', [debit(chart.cash.id, 50), credit(chart.bank.id, 50)]);

    const response = await api.post(`${base}/FinancialYears/${year.id}/GenerateClosingJournal`);

    expect(response.status).toBe(409);
    expect(response.body.errors[0].code).toBe('NothingToClose');
  });
});

describe('adjusting a posted journal', () => {
  it('returns it to draft with its effect off the balances, keeps its serial number, and lets it post again corrected', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);
    const posted = await postedJournal(api, base, '2026-03-03', [debit(chart.cash.id, 50), credit(chart.sales.id, 50)]);

    const adjusted = await api.post(`${base}/Journals/${posted.id}/Adjust`, { version: posted.version });
    expect(adjusted.body).toMatchObject({ status: 'draft', postingDate: null, serialNumber: posted.serialNumber, version: posted.version + 1 });
    expect(await readBalance(companyId, year.periods[2].id, chart.cash.id)).toEqual({ debit: '0', credit: '0' });

    const corrected = await api.put(`${base}/Journals/${posted.id}`, { date: '2026-03-03T08:00:00Z', entries: [debit(chart.cash.id, 55), credit(chart.sales.id, 55)], version: adjusted.body.version });
    const reposted = await api.post(`${base}/Journals/${posted.id}/Post`, { postingDate: '2026-03-04', version: corrected.body.version });
    expect(reposted.status).toBe(200);
    expect(await readBalance(companyId, year.periods[2].id, chart.cash.id)).toEqual({ debit: '55', credit: '0' });
    expect((await api.post(`${base}/Journals/${posted.id}/Adjust`, { version: 1 })).status).toBe(409);
  });
});
