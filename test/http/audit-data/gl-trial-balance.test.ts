import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';

/** The auditors' trial balance (GET .../AuditData/GL/TrialBalance): GLAccountBalance records equal to the trial balance report's. */
const gateway = useGateway();
const mils = (n: number) => Math.round(n * 1000);
const net = (sides: { debit: string; credit: string }) => mils(Number(sides.debit)) - mils(Number(sides.credit));

describe('the auditors\' trial balance', () => {
  it('answers each leaf account\'s beginning and ending balances as the trial balance report has them', async () => {
    // Arrange: figures before the range, in it and after it.
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    await postedJournal(api, base, '2026-01-20', [debit(chart.cash.id, '500.10'), credit(chart.retained.id, '500.10')]);
    await postedJournal(api, base, '2026-03-05', [debit(chart.bank.id, '120.25'), credit(chart.sales.id, '120.25')]);
    await postedJournal(api, base, '2026-03-18', [debit(chart.rent.id, '40'), credit(chart.cash.id, '40')]);
    await postedJournal(api, base, '2026-05-01', [debit(chart.rent.id, '1'), credit(chart.cash.id, '1')]);

    // Act
    const audit = await api.get(`${base}/AuditData/GL/TrialBalance?startDate=2026-03-01&endDate=2026-03-31`);
    const report = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-03-01&dateTo=2026-03-31`);
    const fromYearStart = await api.get(`${base}/AuditData/GL/TrialBalance?endDate=2026-03-31&BudgetFlag=actual`);
    const reportFromYearStart = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-03-31`);

    // Assert: the report's leaf rows, in its order, with its opening and closing as net balances.
    expect([audit.status, fromYearStart.status]).toEqual([200, 200]);
    for (const [answer, tb] of [[audit.body, report.body], [fromYearStart.body, reportFromYearStart.body]]) {
      const leaves = tb.rows.filter((r: any) => r.type === 'leaf');
      expect(answer.results.map((b: any) => b.glAccountNumber)).toEqual(leaves.map((r: any) => r.path));
      expect(answer.results.map((b: any) => [mils(b.amountBeginning), mils(b.amountEnding)])).toEqual(leaves.map((r: any) => [net(r.opening), net(r.closing)]));
    }
    expect(audit.body.results.find((b: any) => b.glAccountNumber === chart.cash.path)).toEqual({
      glAccountNumber: chart.cash.path,
      entityIdentifier: companyId,
      balanceAsOfDate: '2026-03-31',
      fiscalYear: '2026',
      period: 'P03',
      amountBeginning: 500.1,
      amountBeginningReporting: 500.1,
      amountCurrency: 'SAR',
      amountReportingCurrency: 'SAR',
      amountEnding: 460.1,
      amountEndingReporting: 460.1,
      budgetFlag: 'actual',
      sourceSystem: 'Ledger API',
    });
    // Written at the company's precision, as the report writes them.
    expect(audit.text).toContain('"amountBeginning":500.10,');
    expect(fromYearStart.body.results.find((b: any) => b.glAccountNumber === chart.cash.path)).toMatchObject({ amountBeginning: 0, amountEnding: 460.1 });
  });

  it('writes balances beyond what a double holds digit for digit', async () => {
    // Arrange: one journal whose cash total has 17 significant digits (a line holds at most 15).
    const { api, base, chart } = await companyBooks(gateway.url);
    const amounts = [...Array.from({ length: 100 }, () => '9999999999999.99'), '0.02'];
    await postedJournal(api, base, '2026-02-01', [...amounts.map((a) => debit(chart.cash.id, a)), ...amounts.map((a) => credit(chart.sales.id, a))]);

    // Act
    const answer = await api.get(`${base}/AuditData/GL/TrialBalance?endDate=2026-02-28`);
    const report = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-02-28`);

    // Assert: 999999999999999.02 as a double is 999999999999999 (its neighbours are 0.125 apart).
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).toContain('"amountEnding":999999999999999.02,');
    expect(answer.text).toContain('"amountEnding":-999999999999999.02,');
    expect(report.body.rows.find((r: any) => r.path === chart.cash.path).closing.debit).toBe('999999999999999.02');
  });

  it('refuses budget figures, and a range the reports refuse, naming the field', async () => {
    const { api, base } = await companyBooks(gateway.url);
    const get = (query: string) => api.get(`${base}/AuditData/GL/TrialBalance?${query}`);

    const budget = await get('endDate=2026-03-31&BudgetFlag=budget');
    const both = await get('endDate=2026-03-31&BudgetFlag=both');
    const noEnd = await get('startDate=2026-01-01');
    const outside = await get('endDate=2027-01-31');
    const startOutside = await get('startDate=2025-12-01&endDate=2026-01-31');
    const reversed = await get('startDate=2026-04-01&endDate=2026-03-31');

    for (const refused of [budget, both]) {
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].name).toBe('BudgetFlag');
      expect(refused.body.errors[0].reason).toContain('BudgetVsActual');
    }
    expect([noEnd.status, noEnd.body.errors[0].name]).toEqual([400, 'endDate']);
    expect(outside.body.errors[0]).toMatchObject({ name: 'endDate', code: 'NoFinancialYear' });
    expect(startOutside.body.errors[0]).toMatchObject({ name: 'startDate', code: 'NoFinancialYear' });
    expect(reversed.body.errors[0]).toMatchObject({ name: 'endDate', code: 'InvalidRange' });
  });
});
