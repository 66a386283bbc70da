import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';
import { periodBalance } from '../../support/period-balance.ts';
import { requestLine } from '../../support/request-log.ts';

const gateway = useGateway();

/** A company with the small chart, the years 2026 and 2027, and retained earnings set. */
async function booksWithTwoYears() {
  const owner = await companyOwner(gateway.url);
  const { api, base } = owner;
  const chart = await chartOfAccounts(api, base);
  const year = await year2026(api, base);
  const next = (await api.post(`${base}/FinancialYears`, { startDate: '2027-01-01', endDate: '2027-12-31' })).body;
  const settings = (await api.get(`${base}/Settings`)).body;
  await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: chart.retained.id, version: settings.version });
  return { ...owner, chart, year, next };
}

describe('year-end closing', () => {
  it('generates one closing journal moving revenue and expense balances to retained earnings, exactly; then the year closes', async () => {
    const { api, base } = await companyOwner(gateway.url);
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
    // The company's only year is all its periods: their balances are read at once (16 queries a
    // kind, totals and cost centers), not one query a period and partition key (384 queries).
    expect(requestLine(closing).dynamoCalls).toBeLessThanOrEqual(60);
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
    expect(await periodBalance(api, base, year.id, december, chart.retained.id)).toEqual({ debit: '0', credit: '700.06' });
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

describe('where a closing journal posts', () => {
  it('posts it and its reversal only into the last period of its year, so no other range shows them in the income statement', async () => {
    const { api, base, chart, year } = await booksWithTwoYears();
    await postedJournal(api, base, '2026-03-10', [debit(chart.cash.id, 100), credit(chart.sales.id, 100)]);
    await postedJournal(api, base, '2027-01-10', [debit(chart.cash.id, 7), credit(chart.sales.id, 7)]);
    const closing = (await api.post(`${base}/FinancialYears/${year.id}/GenerateClosingJournal`)).body;
    const post = (postingDate: string) => api.post(`${base}/Journals/${closing.id}/Post`, { postingDate, version: closing.version });
    const statement = async (from: string, to: string) => (await api.get(`${base}/Reports/IncomeStatement?dateFrom=${from}&dateTo=${to}`)).body.totals;

    // Next year, or earlier in its own year: refused, nothing written.
    const nextYear = await post('2027-01-05');
    const midYear = await post('2026-06-30');
    const edited = await api.put(`${base}/Journals/${closing.id}`, { date: '2026-12-31T00:00:00Z', entries: [debit(chart.cash.id, 1), credit(chart.sales.id, 1)], version: closing.version });
    expect([nextYear.status, nextYear.body.errors[0].name, nextYear.body.errors[0].code]).toEqual([400, 'postingDate', 'OutsideClosingPeriod']);
    expect(nextYear.body.errors[0].reason).toContain('2026-12-01 to 2026-12-31');
    expect([midYear.status, midYear.body.errors[0].code]).toEqual([400, 'OutsideClosingPeriod']);
    expect([edited.status, edited.body.errors[0].code]).toEqual([409, 'ClosingJournalReadOnly']);
    expect((await api.get(`${base}/Journals/${closing.id}`)).body).toMatchObject({ status: 'draft', version: closing.version, entries: closing.entries });
    expect(await statement('2027-01-01', '2027-01-31')).toEqual({ revenue: ['7.00'], expense: ['0.00'], netProfit: ['7.00'] });

    // In the last period: next year's statement and balance sheet show next year's figures only.
    expect((await post('2026-12-31')).status).toBe(200);
    expect(await statement('2027-01-01', '2027-01-31')).toEqual({ revenue: ['7.00'], expense: ['0.00'], netProfit: ['7.00'] });
    expect(await statement('2026-01-01', '2027-01-31')).toEqual({ revenue: ['107.00'], expense: ['0.00'], netProfit: ['107.00'] });
    const sheet = (await api.get(`${base}/Reports/BalanceSheet?date=2027-01-31`)).body;
    expect([sheet.currentYearEarnings, sheet.earlierYearsEarnings]).toEqual([['7.00'], ['0.00']]);
    expect(sheet.equity.find((r: { code: string }) => r.code === '3101').amounts).toEqual(['100.00']);

    // Its reversal likewise; dated before the closing journal, it is left out of a range holding it alone.
    const current = (await api.get(`${base}/Journals/${closing.id}`)).body;
    const reverse = (postingDate: string) => api.post(`${base}/Journals/${closing.id}/Reverse`, { postingDate, version: current.version });
    const lateReversal = await reverse('2027-01-05');
    expect([lateReversal.status, lateReversal.body.errors[0].name, lateReversal.body.errors[0].code]).toEqual([400, 'postingDate', 'OutsideClosingPeriod']);
    expect((await reverse('2026-12-15')).status).toBe(200);
    expect(await statement('2026-12-01', '2026-12-20')).toEqual({ revenue: ['0.00'], expense: ['0.00'], netProfit: ['0.00'] });
    expect(await statement('2026-01-01', '2026-12-31')).toEqual({ revenue: ['100.00'], expense: ['0.00'], netProfit: ['100.00'] });
    const reopened = (await api.get(`${base}/Reports/BalanceSheet?date=2027-01-31`)).body;
    expect([reopened.currentYearEarnings, reopened.earlierYearsEarnings]).toEqual([['7.00'], ['100.00']]);
  });

  it('keeps the rule when an adjusted closing journal is posted again', async () => {
    const { api, base, chart, year } = await booksWithTwoYears();
    await postedJournal(api, base, '2026-05-05', [debit(chart.rent.id, 40), credit(chart.bank.id, 40)]);
    const closing = (await api.post(`${base}/FinancialYears/${year.id}/GenerateClosingJournal`)).body;
    const posted = (await api.post(`${base}/Journals/${closing.id}/Post`, { postingDate: '2026-12-31', version: closing.version })).body;
    const adjusted = (await api.post(`${base}/Journals/${closing.id}/Adjust`, { version: posted.version })).body;

    const elsewhere = await api.post(`${base}/Journals/${closing.id}/Post`, { postingDate: '2027-01-05', version: adjusted.version });
    const again = await api.post(`${base}/Journals/${closing.id}/Post`, { postingDate: '2026-12-20', version: adjusted.version });

    expect([elsewhere.status, elsewhere.body.errors[0].code]).toEqual([400, 'OutsideClosingPeriod']);
    expect(again.status).toBe(200);
    expect((await api.get(`${base}/Reports/IncomeStatement?dateFrom=2027-01-01&dateTo=2027-01-31`)).body.totals.expense).toEqual(['0.00']);
    expect((await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31`)).body.totals.expense).toEqual(['40.00']);
  });
});

describe('closing a year after a cost center was deactivated', () => {
  it('posts the closing journal on the inactive cost center, while a user journal on it stays refused', async () => {
    const { api, base, chart, year } = await booksWithTwoYears();
    await postedJournal(api, base, '2026-04-04', [debit(chart.cash.id, 250), credit(chart.sales.id, 250, chart.hq.id)]);
    // A user's journal dressed as a closing one, written while the cost center was active.
    const lookalike = (await api.post(`${base}/Journals`, { date: '2026-12-31T00:00:00Z', description: 'Closing journal of FY 2026', entries: [debit(chart.sales.id, 5, chart.hq.id), credit(chart.retained.id, 5)] })).body;
    const hq = (await api.get(`${base}/CostCenters/${chart.hq.id}`)).body;
    expect((await api.post(`${base}/CostCenters/${hq.id}/Deactivate`, { version: hq.version })).status).toBe(200);

    const closing = (await api.post(`${base}/FinancialYears/${year.id}/GenerateClosingJournal`)).body;
    const posted = await api.post(`${base}/Journals/${closing.id}/Post`, { postingDate: '2026-12-31', version: closing.version });
    const forged = await api.post(`${base}/Journals/${lookalike.id}/Post`, { postingDate: '2026-12-31', version: lookalike.version });

    expect(closing.entries).toContainEqual(expect.objectContaining({ accountId: chart.sales.id, costCenterId: chart.hq.id, side: 1, amount: 250, baseAmount: 250 }));
    expect(posted.status).toBe(200);
    expect([forged.status, forged.body.errors[0].name, forged.body.errors[0].code]).toEqual([409, 'entries[0].costCenterId', 'InactiveCostCenter']);
    expect((await api.get(`${base}/Reports/TrialBalance?financialYearId=${year.id}&costCenterId=${chart.hq.id}`)).body.rows.find((r: { code: string }) => r.code === '4101').closing).toEqual({ debit: '0.00', credit: '0.00' });
    await api.post(`${base}/Journals/${lookalike.id}/Void`, { version: lookalike.version });
    for (const p of year.periods) await api.post(`${base}/FinancialYears/${year.id}/Periods/${p.id}/Close`, { version: p.version });
    const closed = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: (await api.get(`${base}/FinancialYears/${year.id}`)).body.version });
    expect(closed.status).toBe(200);
  });
});

describe('adjusting a posted journal', () => {
  it('returns it to draft with its effect off the balances, keeps its serial number, and lets it post again corrected', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);
    const posted = await postedJournal(api, base, '2026-03-03', [debit(chart.cash.id, 50), credit(chart.sales.id, 50)]);

    const adjusted = await api.post(`${base}/Journals/${posted.id}/Adjust`, { version: posted.version });
    expect(adjusted.body).toMatchObject({ status: 'draft', postingDate: null, serialNumber: posted.serialNumber, version: posted.version + 1 });
    expect(await periodBalance(api, base, year.id, year.periods[2].id, chart.cash.id)).toEqual({ debit: '0', credit: '0' });

    const corrected = await api.put(`${base}/Journals/${posted.id}`, { date: '2026-03-03T08:00:00Z', entries: [debit(chart.cash.id, 55), credit(chart.sales.id, 55)], version: adjusted.body.version });
    const reposted = await api.post(`${base}/Journals/${posted.id}/Post`, { postingDate: '2026-03-04', version: corrected.body.version });
    expect(reposted.status).toBe(200);
    expect(await periodBalance(api, base, year.id, year.periods[2].id, chart.cash.id)).toEqual({ debit: '55', credit: '0' });
    expect((await api.post(`${base}/Journals/${posted.id}/Adjust`, { version: 1 })).status).toBe(409);
  });
});
