import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { csvRows, getFile, sheetValues, xlsxSheet } from '../../support/files.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';

/** Reports by month or quarter (the balance sheet by dates): the columns, their limits, and their exports. */
const gateway = useGateway();

async function books() {
  const owner = await companyOwner(gateway.url);
  const chart = await chartOfAccounts(owner.api, owner.base);
  await year2026(owner.api, owner.base);
  await owner.api.post(`${owner.base}/FinancialYears`, { startDate: '2027-01-01', endDate: '2027-12-31' });
  await postedJournal(owner.api, owner.base, '2026-01-15', [debit(chart.cash.id, 1000.1), credit(chart.sales.id, 1000.1)]);
  await postedJournal(owner.api, owner.base, '2026-02-15', [debit(chart.rent.id, 250.05), credit(chart.cash.id, 250.05)]);
  await postedJournal(owner.api, owner.base, '2026-05-02', [debit(chart.bank.id, 40), credit(chart.sales.id, 40)]);
  return { ...owner, chart };
}

const names = (r: { body: { errors: Array<{ name: string }> } }) => r.body.errors.map((e) => e.name);

describe('columns by month or quarter', () => {
  it('an income statement by quarter: one column per quarter, clipped to the range, and the range’s total last', async () => {
    const { api, base } = await books();

    const r = await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-10&dateTo=2026-06-30&columns=quarter`);

    expect(r.status, r.text).toBe(200);
    expect(r.body.columns.map((c: { dateFrom: string; dateTo: string }) => `${c.dateFrom}..${c.dateTo}`)).toEqual(['2026-01-10..2026-03-31', '2026-04-01..2026-06-30', '2026-01-10..2026-06-30']);
    expect(r.body.totals.netProfit).toEqual(['750.05', '40.00', '790.05']);
    expect(r.body.revenue.find((row: { code: string }) => row.code === '4101').amounts).toEqual(['1000.10', '40.00', '1040.10']);
  });

  it('a trial balance by month: each row’s figures per month, each month’s totals, the row’s own figures the range’s', async () => {
    const { api, base } = await books();

    const r = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-03-31&columns=month`);

    expect(r.status, r.text).toBe(200);
    expect(r.body.columns.map((c: { dateFrom: string }) => c.dateFrom)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    const cash = r.body.rows.find((row: { code: string }) => row.code === '1101');
    expect(cash.columns.map((c: { closing: { debit: string } }) => c.closing.debit)).toEqual(['1000.10', '750.05', '750.05']);
    expect(cash.columns.map((c: { movement: { credit: string } }) => c.movement.credit)).toEqual(['0.00', '250.05', '0.00']);
    expect(cash.closing.debit).toBe('750.05');
    expect(r.body.columns[1].totals.movement).toEqual({ debit: '250.05', credit: '250.05' });
    const plain = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-03-31`);
    expect(plain.body.columns).toBeNull();
    expect(plain.body.rows[0].columns).toBeNull();
  });

  it('a balance sheet at up to 12 dates, one column each', async () => {
    const { api, base } = await books();

    const r = await api.get(`${base}/Reports/BalanceSheet?dates=2026-01-31,2026-02-28,2026-05-31`);

    expect(r.status, r.text).toBe(200);
    expect(r.body.columns.map((c: { dateTo: string }) => c.dateTo)).toEqual(['2026-01-31', '2026-02-28', '2026-05-31']);
    expect(r.body.totals.assets).toEqual(['1000.10', '750.05', '790.05']);
    expect(r.body.totals.assets).toEqual(r.body.totals.liabilitiesAndEquity);
  });

  it('refuses more than 12 columns naming columns (or dates), and columns with compare or byCostCenter', async () => {
    const { api, base } = await books();

    const thirteenMonths = await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2027-01-31&columns=month`);
    const thirteenInTrial = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-15&dateTo=2027-01-14&columns=month`);
    const withCompare = await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-03-31&columns=month&compare=PreviousYear`);
    const withCenters = await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-03-31&columns=month&byCostCenter=true`);
    const weekly = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-03-31&columns=week`);
    const thirteenDates = await api.get(`${base}/Reports/BalanceSheet?dates=${Array.from({ length: 13 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`).join(',')}`);
    const badDate = await api.get(`${base}/Reports/BalanceSheet?dates=2026-01-31,2026-02-30`);
    const both = await api.get(`${base}/Reports/BalanceSheet?date=2026-01-31&dates=2026-02-28`);
    const neither = await api.get(`${base}/Reports/BalanceSheet`);
    const outsideYears = await api.get(`${base}/Reports/BalanceSheet?dates=2026-01-31,2030-01-31`);

    for (const r of [thirteenMonths, thirteenInTrial, withCompare, withCenters, weekly]) {
      expect(r.status, r.text).toBe(400);
      expect(names(r)).toEqual(['columns']);
    }
    expect(thirteenMonths.body.errors[0].code).toBe('TooManyColumns');
    expect([thirteenDates.status, names(thirteenDates)]).toEqual([400, ['dates']]);
    expect([badDate.status, names(badDate)]).toEqual([400, ['dates[1]']]);
    expect([both.status, names(both)]).toEqual([400, ['dates']]);
    expect([neither.status, names(neither)]).toEqual([400, ['date']]);
    expect([outsideYears.status, names(outsideYears)]).toEqual([400, ['dates[1]']]);
  });

  it('exports render the columns: a trial balance by month as CSV, an income statement by quarter as XLSX', async () => {
    const { api, base, token } = await books();
    const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-02-28&columns=month`)).body;
    const statement = (await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-06-30&columns=quarter`)).body;

    const trialCsv = csvRows((await getFile(gateway.url(), token, `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-02-28&columns=month&format=csv`)).bytes);
    const statementSheet = sheetValues(await xlsxSheet((await getFile(gateway.url(), token, `${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-06-30&columns=quarter&format=xlsx`)).bytes));

    expect(trialCsv[0]).toHaveLength(2 + 6 * 3);
    expect(trialCsv[0]!.slice(2, 4)).toEqual(['2026-01-01 – 2026-01-31 · Opening debit', '2026-01-01 – 2026-01-31 · Opening credit']);
    expect(trialCsv[0]!.slice(14, 15)).toEqual(['Total · Opening debit']);
    const figures = (s: any) => [s.opening.debit, s.opening.credit, s.movement.debit, s.movement.credit, s.closing.debit, s.closing.credit];
    expect(trialCsv.slice(1, -1)).toEqual(trial.rows.map((r: any) => [r.code, r.name.english, ...r.columns.flatMap(figures), ...figures(r)]));
    expect(trialCsv.at(-1)).toEqual(['', 'Total', ...trial.columns.flatMap((c: any) => figures(c.totals)), ...figures(trial.totals)]);
    expect(statementSheet[0]).toEqual(['Code', 'Account', '2026-01-01 – 2026-03-31', '2026-04-01 – 2026-06-30', '2026-01-01 – 2026-06-30']);
    expect(statementSheet.at(-1)).toEqual([null, 'Net profit', ...statement.totals.netProfit.map(Number)]);
  });
});
