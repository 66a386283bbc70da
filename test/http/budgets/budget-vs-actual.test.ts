import { describe, expect, it } from 'vitest';
import { companyOwner, signedInUser, useGateway } from '../../support/api.ts';
import { csvRows, getFile } from '../../support/files.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';
import { addMember } from '../../support/company-access.ts';
import { requestLine } from '../../support/request-log.ts';

/** A budget against what was posted: per line budget, actual, variance (favourable positive) and its percent. */
const gateway = useGateway();
const twelve = (amount: number) => Array.from({ length: 12 }, () => amount);

/** Sales budgeted 1000 a month as a whole; rent 300 a month at HQ and 100 at the branch; January and February posted. */
async function books() {
  const owner = await companyOwner(gateway.url);
  const { api, base } = owner;
  const chart = await chartOfAccounts(api, base);
  const year = await year2026(api, base);
  const budget = await api.post(`${base}/Budgets`, {
    name: 'Plan',
    financialYearId: year.id,
    lines: [
      { accountId: chart.rent.id, costCenterId: 'BR', amounts: twelve(100) },
      { accountId: chart.rent.id, costCenterId: 'HQ', amounts: twelve(300) },
      { accountId: chart.sales.id, amounts: twelve(1000) },
    ],
  });
  if (budget.status !== 200) throw new Error(budget.text);
  await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, 1200), credit(chart.sales.id, 1200, chart.hq.id)]);
  await postedJournal(api, base, '2026-02-10', [debit(chart.cash.id, 800), credit(chart.sales.id, 800)]);
  await postedJournal(api, base, '2026-01-20', [debit(chart.rent.id, 250, chart.hq.id), credit(chart.cash.id, 250)]);
  await postedJournal(api, base, '2026-02-05', [debit(chart.rent.id, 150, chart.branch.id), credit(chart.cash.id, 150)]);
  // Rent without a cost center: in no line (rent is budgeted by cost center).
  await postedJournal(api, base, '2026-02-06', [debit(chart.rent.id, 40), credit(chart.cash.id, 40)]);
  return { ...owner, chart, year, budget: budget.body };
}

const figures = (row: { budget: string[]; actual: string[]; variance: string[]; variancePercent: Array<string | null> }) => [row.budget, row.actual, row.variance, row.variancePercent];

describe('budget vs actual', () => {
  it('compares each line by month, signs variances so favourable is positive, and totals revenue, expense and net profit', async () => {
    const { api, base, chart, budget } = await books();
    const r = await api.get(`${base}/Reports/BudgetVsActual?budgetId=${budget.id}&dateFrom=2026-01-01&dateTo=2026-02-28&columns=month`);
    expect(r.status, r.text).toBe(200);
    const report = r.body;
    expect(report).toMatchObject({ budgetId: budget.id, budgetName: 'Plan', financialYearId: budget.financialYearId, currency: 'SAR' });
    expect(report.columns.map((c: { dateFrom: string; dateTo: string }) => [c.dateFrom, c.dateTo])).toEqual([['2026-01-01', '2026-02-28'], ['2026-01-01', '2026-01-31'], ['2026-02-01', '2026-02-28']]);
    // Along the tree (4 Revenue before 5 Expenses), then by cost center path.
    expect(report.rows.map((row: { path: string; costCenter: { path: string } | null }) => [row.path, row.costCenter?.path ?? null])).toEqual([['4.4101', null], ['5.5101', 'BR'], ['5.5101', 'HQ']]);
    expect(report.rows[0]).toMatchObject({ accountId: chart.sales.id, depth: 1, classification: 'revenue' });
    expect(figures(report.rows[0])).toEqual([['2000.00', '1000.00', '1000.00'], ['2000.00', '1200.00', '800.00'], ['0.00', '200.00', '-200.00'], ['0.00', '20.00', '-20.00']]);
    expect(figures(report.rows[1])).toEqual([['200.00', '100.00', '100.00'], ['150.00', '0.00', '150.00'], ['50.00', '100.00', '-50.00'], ['25.00', '100.00', '-50.00']]);
    expect(figures(report.rows[2])).toEqual([['600.00', '300.00', '300.00'], ['250.00', '250.00', '0.00'], ['350.00', '50.00', '300.00'], ['58.33', '16.67', '100.00']]);
    expect(figures(report.totals.revenue)).toEqual(figures(report.rows[0]));
    expect(figures(report.totals.expense)).toEqual([['800.00', '400.00', '400.00'], ['400.00', '250.00', '150.00'], ['400.00', '150.00', '250.00'], ['50.00', '37.50', '62.50']]);
    expect(figures(report.totals.netProfit)).toEqual([['1200.00', '600.00', '600.00'], ['1600.00', '950.00', '650.00'], ['400.00', '350.00', '50.00'], ['33.33', '58.33', '8.33']]);
    // The months' ends are read with the range's (docs/decisions.md, "A report's dates are read together"): as many calls as the range alone.
    // Both with the caller's access kept: after this long test, 5 s may have passed, and the re-read would count for the first only.
    process.env.ACCESS_CACHE_MS = '60000';
    const range = `${base}/Reports/BudgetVsActual?budgetId=${budget.id}&dateFrom=2026-01-01&dateTo=2026-02-28`;
    const whole = await api.get(range);
    const again = await api.get(`${range}&columns=month`);
    delete process.env.ACCESS_CACHE_MS;
    expect(whole.body.columns).toHaveLength(1);
    expect(requestLine(again).dynamoCalls).toBe(requestLine(whole).dynamoCalls);
  });

  it('takes a partly covered period pro rata by days, and has no percent for a zero budget', async () => {
    const { api, base, chart, year } = await books();
    const zero = await api.post(`${base}/Budgets`, { name: 'Zero', financialYearId: year.id, lines: [{ accountId: chart.sales.id, amounts: twelve(0) }] });
    const plan = (await api.get(`${base}/Budgets`)).body.results.find((b: { name: string }) => b.name === 'Plan');
    const partial = (await api.get(`${base}/Reports/BudgetVsActual?budgetId=${plan.id}&dateFrom=2026-01-16&dateTo=2026-02-14`)).body;
    // 1000 x 16/31 = 516.129 -> 516.13, and 1000 x 14/28 = 500.
    expect(partial.rows[0].budget).toEqual(['1016.13']);
    expect(partial.rows[0].actual).toEqual(['800.00']);
    const none = (await api.get(`${base}/Reports/BudgetVsActual?budgetId=${zero.body.id}&dateFrom=2026-01-01&dateTo=2026-01-31`)).body;
    expect(figures(none.rows[0])).toEqual([['0.00'], ['1200.00'], ['1200.00'], [null]]);
  });

  it('names the bad or unknown parameter', async () => {
    const { api, base, budget } = await books();
    expect((await api.post(`${base}/FinancialYears`, { startDate: '2027-01-01', endDate: '2027-12-31' })).status).toBe(200);
    const get = (query: string) => api.get(`${base}/Reports/BudgetVsActual?${query}`);
    const cases: Array<[string, number, string, string?]> = [
      ['dateFrom=2026-01-01&dateTo=2026-01-31', 400, 'budgetId'],
      [`budgetId=00000000-0000-4000-8000-000000000000&dateFrom=2026-01-01&dateTo=2026-01-31`, 404, 'budgetId'],
      [`budgetId=${budget.id}&dateFrom=2026-02-01&dateTo=2026-01-31`, 400, 'dateTo', 'InvalidRange'],
      [`budgetId=${budget.id}&dateFrom=2026-12-01&dateTo=2027-01-31`, 400, 'dateTo', 'OutsideBudgetYear'],
      [`budgetId=${budget.id}&dateFrom=2025-12-01&dateTo=2026-01-31`, 400, 'dateFrom', 'NoFinancialYear'],
      [`budgetId=${budget.id}&dateFrom=2026-01-01&dateTo=2026-01-31&columns=quarter`, 400, 'columns'],
    ];
    for (const [query, status, name, code] of cases) {
      const r = await get(query);
      expect([r.status, r.body.errors?.[0]?.name], query).toEqual([status, name]);
      if (code) expect(r.body.errors[0].code, query).toBe(code);
    }
  });

  it('answers 409 BudgetPeriodsChanged, not figures of other periods, once the year is re-periodised under the budget', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);
    const budget = await api.post(`${base}/Budgets`, { name: 'Monthly', financialYearId: year.id, lines: [{ accountId: chart.sales.id, amounts: twelve(100) }] });
    expect(budget.status, budget.text).toBe(200);
    const quarters = ['01', '04', '07', '10'].map((m, i) => ({ name: `Q${i + 1}`, startDate: `2026-${m}-01`, endDate: ['2026-03-31', '2026-06-30', '2026-09-30', '2026-12-31'][i]! }));
    const current = (await api.get(`${base}/FinancialYears/${year.id}`)).body;
    const reshaped = await api.put(`${base}/FinancialYears/${year.id}`, { name: current.name, startDate: '2026-01-01', endDate: '2026-12-31', periods: quarters, version: current.version });
    expect(reshaped.status, reshaped.text).toBe(200);

    const r = await api.get(`${base}/Reports/BudgetVsActual?budgetId=${budget.body.id}&dateFrom=2026-01-01&dateTo=2026-12-31`);

    expect([r.status, r.body.errors[0].code, r.body.errors[0].name]).toEqual([409, 'BudgetPeriodsChanged', 'budgetId']);
  });

  it('gives at most 12 month columns', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const revenue = (await api.post(`${base}/Accounts`, { code: '4', name: { english: '4', arabic: '4' }, type: 'category', classification: 'revenue' })).body;
    const sales = (await api.post(`${base}/Accounts`, { code: '41', name: { english: '41', arabic: '41' }, type: 'leaf', parentId: revenue.id })).body;
    const year = (await api.post(`${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2027-12-31' })).body;
    const budget = (await api.post(`${base}/Budgets`, { name: 'Two years', financialYearId: year.id, lines: [{ accountId: sales.id, amounts: Array.from({ length: 24 }, () => 10) }] })).body;
    const twelveMonths = await api.get(`${base}/Reports/BudgetVsActual?budgetId=${budget.id}&dateFrom=2026-01-15&dateTo=2026-12-31&columns=month`);
    expect([twelveMonths.status, twelveMonths.body.columns?.length]).toEqual([200, 13]);
    const thirteen = await api.get(`${base}/Reports/BudgetVsActual?budgetId=${budget.id}&dateFrom=2026-01-15&dateTo=2027-01-01&columns=month`);
    expect([thirteen.status, thirteen.body.errors[0].name, thirteen.body.errors[0].code]).toEqual([400, 'columns', 'TooManyColumns']);
    const whole = await api.get(`${base}/Reports/BudgetVsActual?budgetId=${budget.id}&dateFrom=2026-01-01&dateTo=2027-12-31`);
    expect([whole.status, whole.body.rows[0].budget]).toEqual([200, ['240.00']]);
  });

  it('needs budgets:read and reports:read: either alone is 403', async () => {
    const { api, base, budget } = await books();
    const member = async (permissions: string[]) => {
      const role = (await api.post(`${base}/Roles`, { name: permissions.join(' and '), permissions })).body;
      const user = await signedInUser(gateway.url);
      await addMember(api, base, user.user.email, role.id);
      return user.api;
    };
    const query = `${base}/Reports/BudgetVsActual?budgetId=${budget.id}&dateFrom=2026-01-01&dateTo=2026-01-31`;
    const budgetsOnly = await (await member(['budgets:read'])).get(query);
    const reportsOnly = await (await member(['reports:read'])).get(query);
    const both = await (await member(['budgets:read', 'reports:read'])).get(query);
    expect([budgetsOnly.status, budgetsOnly.body.errors[0].code]).toEqual([403, 'Forbidden']);
    expect(budgetsOnly.body.errors[0].reason).toContain('reports:read');
    expect([reportsOnly.status, reportsOnly.body.errors[0].code]).toEqual([403, 'Forbidden']);
    expect(both.status, both.text).toBe(200);
  });

  it('exports as CSV: per line and total, each column’s budget, actual, variance and percent as the JSON report', async () => {
    const { api, base, token, budget } = await books();
    const path = `${base}/Reports/BudgetVsActual?budgetId=${budget.id}&dateFrom=2026-01-01&dateTo=2026-02-28&columns=month`;
    const json = (await api.get(path)).body;

    const csv = await getFile(gateway.url(), token, `${path}&format=csv`);

    expect(csv.status).toBe(200);
    const [header, ...rows] = csvRows(csv.bytes);
    expect(header!.slice(0, 7)).toEqual(['Code', 'Account', 'Cost center', 'Budget 2026-01-01 – 2026-02-28', 'Actual 2026-01-01 – 2026-02-28', 'Variance 2026-01-01 – 2026-02-28', 'Variance % 2026-01-01 – 2026-02-28']);
    expect(header).toHaveLength(3 + 4 * json.columns.length);
    const cells = (c: { budget: string[]; actual: string[]; variance: string[]; variancePercent: Array<string | null> }) => json.columns.flatMap((_: unknown, i: number) => [c.budget[i], c.actual[i], c.variance[i], c.variancePercent[i] ?? '']);
    expect(rows).toEqual([
      ...json.rows.map((r: any) => [r.code, r.name.english, r.costCenter?.name.english ?? '', ...cells(r)]),
      ['', 'Total revenue', '', ...cells(json.totals.revenue)],
      ['', 'Total expense', '', ...cells(json.totals.expense)],
      ['', 'Net profit', '', ...cells(json.totals.netProfit)],
    ]);
  });
});
