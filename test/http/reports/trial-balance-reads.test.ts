import { beforeAll, describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';
import { requestLine as lineOf } from '../../support/request-log.ts';

/**
 * What a trial balance reads. Its report context reads every year of the company (with their
 * periods), so a trial balance of a financial year finds that year there: it makes exactly the
 * DynamoDB calls the same range asked by its dates makes, not one more to read the year again.
 */
const gateway = useGateway();
// Requests compared by their calls keep the caller's access throughout: on a loaded machine 5 s
// (the default lifetime) can pass between two of them, and the re-read would count for one only.
// Put back when the file ends (test/support/worker-env.ts).
beforeAll(() => {
  process.env.ACCESS_CACHE_MS = '60000';
});


describe('a trial balance of a financial year', () => {
  it('reads the year once: the calls of the same range by its dates, and the same figures', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    await postedJournal(api, base, '2026-04-10', [debit(chart.cash.id, '25.00'), credit(chart.sales.id, '25.00')]);
    const year = (await api.get(`${base}/FinancialYears`)).body.results[0] as { id: string };
    const byDates = `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`;
    // The same warm state for both: the caller's access and the company's years known.
    await api.get(byDates);

    const ofYear = await api.get(`${base}/Reports/TrialBalance?financialYearId=${year.id}`);
    const ofDates = await api.get(byDates);
    const unknownYear = await api.get(`${base}/Reports/TrialBalance?financialYearId=00000000-0000-4000-8000-000000000000`);

    expect([ofYear.status, ofDates.status]).toEqual([200, 200]);
    expect({ ...ofYear.body, financialYearId: null }).toEqual(ofDates.body);
    expect(lineOf(ofYear).dynamoCalls).toBe(lineOf(ofDates).dynamoCalls);
    expect(unknownYear.status).toBe(404);
  });
});

describe('a general ledger of small books (a chart of fewer than 2,000 account-periods)', () => {
  it('reads the balances of every period at once, not one query a period, partition key and account', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    await postedJournal(api, base, '2026-04-10', [debit(chart.cash.id, '25.00'), credit(chart.sales.id, '25.00')]);
    await postedJournal(api, base, '2026-09-10', [debit(chart.bank.id, '5.00'), credit(chart.cash.id, '5.00')]);
    const ledger = await api.get(`${base}/Reports/GeneralLedger?accountId=${chart.assets.id}&dateFrom=2026-01-01&dateTo=2026-12-31`);
    expect(ledger.status).toBe(200);
    expect(ledger.body.closingBalance).toBe('25.00');
    // 16 queries for every period's balances, where one a period, partition key and leaf made 407 calls in all.
    expect(lineOf(ledger).dynamoCalls).toBeLessThanOrEqual(60);
  });
});

describe('a report reads the balances of its dates together', () => {
  it('makes the same calls with twelve month columns as without, and one run of days for two dates splitting one period', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    await postedJournal(api, base, '2026-03-05', [debit(chart.cash.id, '25.00'), credit(chart.sales.id, '25.00')]);
    await postedJournal(api, base, '2026-03-15', [debit(chart.cash.id, '7.00'), credit(chart.sales.id, '7.00')]);
    await postedJournal(api, base, '2026-03-25', [debit(chart.cash.id, '1.00'), credit(chart.sales.id, '1.00')]);
    const year = `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`;
    // The same warm state for every request: the caller's access and the company's years known.
    await api.get(year);

    const plain = await api.get(year);
    const byMonth = await api.get(`${year}&columns=month`);
    const midMarch = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-03-10&dateTo=2026-03-20`);

    expect([plain.status, byMonth.status, midMarch.status]).toEqual([200, 200, 200]);
    const cash = (tb: { rows: Array<{ accountId: string; opening: unknown; movement: unknown }> }) => tb.rows.find((r) => r.accountId === chart.cash.id)!;
    expect(byMonth.body.columns.map((c: { totals: { movement: { debit: string } } }) => c.totals.movement.debit)).toEqual(['0.00', '0.00', '33.00', ...Array(9).fill('0.00')]);
    expect(cash(midMarch.body)).toMatchObject({ opening: { debit: '25.00', credit: '0.00' }, movement: { debit: '7.00', credit: '0.00' } });
    // Twelve columns are thirteen dates, read as one: every period's balances once, no days.
    expect(lineOf(byMonth).dynamoCalls).toBe(lineOf(plain).dynamoCalls);
    // Both dates split March: every period's balances once, then March's days once (16 queries each, one a partition key).
    expect(lineOf(midMarch).dynamoCalls).toBe((lineOf(plain).dynamoCalls as number) + 16);

    // The income statement's month columns and their total are read together too.
    const statement = `${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31`;
    const [wholeYear, monthly] = [await api.get(statement), await api.get(`${statement}&columns=month`)];
    expect(monthly.body.totals.revenue).toEqual(['0.00', '0.00', '33.00', ...Array(9).fill('0.00'), '33.00']);
    expect(lineOf(monthly).dynamoCalls).toBe(lineOf(wholeYear).dynamoCalls);

    // And the balance sheet's dates: twelve month ends cost what the year's end does.
    const monthEnds = ['01-31', '02-28', '03-31', '04-30', '05-31', '06-30', '07-31', '08-31', '09-30', '10-31', '11-30', '12-31'].map((d) => `2026-${d}`);
    const [yearEnd, byMonthEnd] = [await api.get(`${base}/Reports/BalanceSheet?date=2026-12-31`), await api.get(`${base}/Reports/BalanceSheet?dates=${monthEnds.join(',')}`)];
    expect(byMonthEnd.body.totals.assets).toEqual(['0.00', '0.00', ...Array(10).fill('33.00')]);
    expect(lineOf(byMonthEnd).dynamoCalls).toBe(lineOf(yearEnd).dynamoCalls);
  });
});
