import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { companyOwner, signedInUser, useGateway, type Client } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';
import { addMember } from '../../support/company-access.ts';

const gateway = useGateway();

type Sides = { debit: string; credit: string };
type TrialRow = { code: string; opening: Sides; movement: Sides; closing: Sides };
type StatementRow = { code: string; amounts: string[] };

/** Rows by code: opening, movement and closing as [debit, credit] pairs. */
const trialRows = (body: { rows: TrialRow[] }) =>
  Object.fromEntries(body.rows.map((r) => [r.code, [r.opening.debit, r.opening.credit, r.movement.debit, r.movement.credit, r.closing.debit, r.closing.credit]]));
const amounts = (rows: StatementRow[]) => Object.fromEntries(rows.map((r) => [r.code, r.amounts]));

/**
 * A small book for 2026: sales of 1000.10 at HQ in January; rent of 250.05 at the branch and a
 * sale of 10 at the branch in February; one journal posted then voided, one draft.
 */
async function book(api: Client, base: string) {
  const chart = await chartOfAccounts(api, base);
  const year = await year2026(api, base);
  await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, 1000.1, chart.hq.id), credit(chart.sales.id, 1000.1, chart.hq.id)]);
  await postedJournal(api, base, '2026-02-15', [debit(chart.rent.id, 250.05, chart.branch.id), credit(chart.cash.id, 250.05)]);
  const voided = await postedJournal(api, base, '2026-02-16', [debit(chart.rent.id, 99), credit(chart.cash.id, 99)]);
  await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version });
  await api.post(`${base}/Journals`, { date: '2026-02-17T00:00:00Z', entries: [debit(chart.rent.id, 5), credit(chart.cash.id, 5)] });
  await postedJournal(api, base, '2026-02-20', [debit(chart.cash.id, 10, chart.branch.id), credit(chart.sales.id, 10, chart.branch.id)]);
  return { chart, year };
}

describe('trial balance', () => {
  it('gives opening, movement and closing per account along the tree for a year, a period, any range and a cost center', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const { chart, year } = await book(api, base);
    const report = async (query: string) => {
      const r = await api.get(`${base}/Reports/TrialBalance?${query}`);
      expect(r.status, r.text).toBe(200);
      return r.body;
    };

    const whole = await report(`financialYearId=${year.id}`);
    expect(trialRows(whole)).toEqual({
      '1': ['0.00', '0.00', '1010.10', '250.05', '760.05', '0.00'],
      '1101': ['0.00', '0.00', '1010.10', '250.05', '760.05', '0.00'],
      '4': ['0.00', '0.00', '0.00', '1010.10', '0.00', '1010.10'],
      '4101': ['0.00', '0.00', '0.00', '1010.10', '0.00', '1010.10'],
      '5': ['0.00', '0.00', '250.05', '0.00', '250.05', '0.00'],
      '5101': ['0.00', '0.00', '250.05', '0.00', '250.05', '0.00'],
    });
    expect(whole.rows.map((r: { path: string }) => r.path)).toEqual(['1', '1.1101', '4', '4.4101', '5', '5.5101']);
    expect(whole.rows[1]).toMatchObject({ parentId: chart.assets.id, depth: 1, type: 'leaf', classification: 'asset', name: { english: 'Cash', arabic: 'النقدية' } });
    expect(whole.totals).toEqual({
      opening: { debit: '0.00', credit: '0.00' },
      movement: { debit: '1260.15', credit: '1260.15' },
      closing: { debit: '1010.10', credit: '1010.10' },
    });
    expect(whole).toMatchObject({ dateFrom: '2026-01-01', dateTo: '2026-12-31', currency: 'SAR', financialYearId: year.id });

    const february = await report(`financialYearId=${year.id}&periodId=${year.periods[1].id}`);
    expect(trialRows(february)['1101']).toEqual(['1000.10', '0.00', '10.00', '250.05', '760.05', '0.00']);
    expect(trialRows(february)['4101']).toEqual(['0.00', '1000.10', '0.00', '10.00', '0.00', '1010.10']);

    // Mid-month edges: through 15 January adds its first days; through 15 February takes the last days off the month.
    const midMonths = await report('dateFrom=2026-01-16&dateTo=2026-02-15');
    expect(trialRows(midMonths)).toEqual({
      '1': ['1000.10', '0.00', '0.00', '250.05', '750.05', '0.00'],
      '1101': ['1000.10', '0.00', '0.00', '250.05', '750.05', '0.00'],
      '4': ['0.00', '1000.10', '0.00', '0.00', '0.00', '1000.10'],
      '4101': ['0.00', '1000.10', '0.00', '0.00', '0.00', '1000.10'],
      '5': ['0.00', '0.00', '250.05', '0.00', '250.05', '0.00'],
      '5101': ['0.00', '0.00', '250.05', '0.00', '250.05', '0.00'],
    });
    expect(midMonths.totals.closing).toEqual({ debit: '1000.10', credit: '1000.10' });

    const headOffice = await report(`financialYearId=${year.id}&costCenterId=HQ`);
    expect(headOffice.costCenter).toMatchObject({ id: chart.hq.id, code: 'HQ', path: 'HQ' });
    expect(trialRows(headOffice)['1101']).toEqual(['0.00', '0.00', '1000.10', '0.00', '1000.10', '0.00']);
    expect(trialRows(headOffice)['5101']).toBeUndefined();
  });

  it('names the bad or unknown parameter', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const year = await year2026(api, base);
    await api.post(`${base}/FinancialYears`, { startDate: '2027-01-01', endDate: '2027-12-31' });
    await api.post(`${base}/FinancialYears`, { startDate: '2028-01-01', endDate: '2028-12-31' });
    const error = async (path: string) => (await api.get(`${base}/Reports/${path}`)).body.errors?.[0];
    const status = async (path: string) => (await api.get(`${base}/Reports/${path}`)).status;

    expect(await error('TrialBalance')).toMatchObject({ name: 'dateFrom' });
    expect(await status(`TrialBalance?financialYearId=${randomUUID()}`)).toBe(404);
    expect(await error(`TrialBalance?financialYearId=${year.id}&periodId=${randomUUID()}`)).toMatchObject({ name: 'periodId', code: 'NotFound' });
    expect(await error(`TrialBalance?financialYearId=${year.id}&costCenterId=NOPE`)).toMatchObject({ name: 'costCenterId', code: 'NotFound' });
    expect(await error(`TrialBalance?financialYearId=${year.id}&dateFrom=2026-01-01`)).toMatchObject({ name: 'dateFrom' });
    expect(await error('TrialBalance?dateFrom=2026-03-01&dateTo=2026-02-01')).toMatchObject({ name: 'dateTo', code: 'InvalidRange' });
    expect(await error('TrialBalance?dateFrom=2026-01-01&dateTo=2028-01-01')).toMatchObject({ name: 'dateTo', code: 'RangeTooLong' });
    expect(await status('TrialBalance?dateFrom=2026-01-01&dateTo=2027-12-31')).toBe(200);
    expect(await error('TrialBalance?dateFrom=2025-12-01&dateTo=2026-01-31')).toMatchObject({ name: 'dateFrom', code: 'NoFinancialYear' });
    expect(await error('IncomeStatement?dateFrom=2026-01-01&dateTo=2029-01-01')).toMatchObject({ name: 'dateTo', code: 'RangeTooLong' });
    expect(await error('IncomeStatement?dateFrom=2026-01-01&dateTo=2026-02-01&byCostCenter=true&costCenterId=HQ')).toMatchObject({ name: 'byCostCenter' });
    expect(await error('IncomeStatement?dateFrom=2026-01-01&dateTo=2026-02-01&compare=LastWeek')).toMatchObject({ name: 'compare' });
    expect(await error('BalanceSheet?date=2030-01-01')).toMatchObject({ name: 'date', code: 'NoFinancialYear' });
    expect(await error('BalanceSheet')).toMatchObject({ name: 'date' });
    expect(await error(`GeneralLedger?accountId=${randomUUID()}&dateFrom=2026-01-01&dateTo=2026-01-31`)).toMatchObject({ name: 'accountId', code: 'NotFound' });
    expect(await error('GeneralLedger?accountId=9.99&dateFrom=2026-01-01&dateTo=2026-01-31')).toMatchObject({ name: 'accountId', code: 'NotFound' });
    expect(await error('GeneralLedger?dateFrom=2026-01-01&dateTo=2026-01-31')).toMatchObject({ name: 'accountId' });
  });
});

describe('income statement and balance sheet', () => {
  it('shows revenue, expense and net profit with comparison and cost-center columns', async () => {
    const { api, base } = await companyOwner(gateway.url);
    await book(api, base);
    const r = await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-02-28&compare=PreviousPeriod`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.columns.map((c: { dateFrom: string; dateTo: string }) => [c.dateFrom, c.dateTo])).toEqual([
      ['2026-01-01', '2026-02-28'],
      ['2025-11-03', '2025-12-31'],
    ]);
    expect(amounts(r.body.revenue)).toEqual({ '4': ['1010.10', '0.00'], '4101': ['1010.10', '0.00'] });
    expect(amounts(r.body.expense)).toEqual({ '5': ['250.05', '0.00'], '5101': ['250.05', '0.00'] });
    expect(r.body.totals).toEqual({ revenue: ['1010.10', '0.00'], expense: ['250.05', '0.00'], netProfit: ['760.05', '0.00'] });

    const february = await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-02-01&dateTo=2026-02-28&compare=PreviousYear`);
    expect(february.body.columns[1]).toMatchObject({ dateFrom: '2025-02-01', dateTo: '2025-02-28' });
    expect(february.body.totals.netProfit).toEqual(['-240.05', '0.00']);

    const byCenter = await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31&byCostCenter=true`);
    expect(byCenter.body.columns.map((c: { scope: string; costCenter: { code: string } | null }) => c.costCenter?.code ?? c.scope)).toEqual(['company', 'BR', 'HQ', 'noCostCenter']);
    expect(amounts(byCenter.body.revenue)['4101']).toEqual(['1010.10', '10.00', '1000.10', '0.00']);
    expect(amounts(byCenter.body.expense)['5101']).toEqual(['250.05', '250.05', '0.00', '0.00']);
    expect(byCenter.body.totals.netProfit).toEqual(['760.05', '-240.05', '1000.10', '0.00']);

    const headOffice = await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31&costCenterId=HQ`);
    expect(headOffice.body.columns[0]).toMatchObject({ scope: 'costCenter', costCenter: { code: 'HQ' } });
    expect(headOffice.body.totals.netProfit).toEqual(['1000.10']);
  });

  it('balances assets against liabilities and equity, with this year’s unclosed profit as its own line', async () => {
    const { api, base } = await companyOwner(gateway.url);
    await book(api, base);
    const r = await api.get(`${base}/Reports/BalanceSheet?date=2026-02-15&compareDate=2026-01-31`);
    expect(r.status, r.text).toBe(200);
    expect(amounts(r.body.assets)).toEqual({ '1': ['750.05', '1000.10'], '1101': ['750.05', '1000.10'] });
    expect(r.body.liabilities).toEqual([]);
    expect(r.body.currentYearEarnings).toEqual(['750.05', '1000.10']);
    expect(r.body.earlierYearsEarnings).toEqual(['0.00', '0.00']);
    expect(r.body.totals).toEqual({ assets: ['750.05', '1000.10'], liabilities: ['0.00', '0.00'], equity: ['750.05', '1000.10'], liabilitiesAndEquity: ['750.05', '1000.10'] });
    const profit = await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-02-15`);
    expect(profit.body.totals.netProfit).toEqual([r.body.currentYearEarnings[0]]);
  });

  it('carries an earlier year’s unclosed profit on its own line, and a reversal pair nets to nothing', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    await year2026(api, base);
    await api.post(`${base}/FinancialYears`, { startDate: '2027-01-01', endDate: '2027-12-31' });
    await postedJournal(api, base, '2026-06-30', [debit(chart.bank.id, 40), credit(chart.sales.id, 40)]);
    const wrong = await postedJournal(api, base, '2027-03-01', [debit(chart.bank.id, 7), credit(chart.sales.id, 7)]);
    expect((await api.post(`${base}/Journals/${wrong.id}/Reverse`, { postingDate: '2027-03-02', version: wrong.version })).status).toBe(200);
    await postedJournal(api, base, '2027-03-03', [debit(chart.rent.id, 15), credit(chart.bank.id, 15)]);

    const sheet = (await api.get(`${base}/Reports/BalanceSheet?date=2027-03-31`)).body;
    expect(amounts(sheet.assets)['1102']).toEqual(['25.00']);
    expect(sheet.currentYearEarnings).toEqual(['-15.00']);
    expect(sheet.earlierYearsEarnings).toEqual(['40.00']);
    expect(sheet.totals.liabilitiesAndEquity).toEqual(sheet.totals.assets);
    const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2027-01-01&dateTo=2027-03-31`)).body;
    expect(trialRows(trial)['4101']).toEqual(['0.00', '40.00', '7.00', '7.00', '0.00', '40.00']);
  });
});

describe('general ledger', () => {
  it('lists an account’s posted lines with a running balance that continues across pages and stays put while journals are posted', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const { chart } = await book(api, base);
    const statement = (query: string) => api.get(`${base}/Reports/GeneralLedger?accountId=1.1101&dateFrom=2026-01-01&dateTo=2026-12-31${query}`);

    const first = await statement('&pageSize=2');
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ openingBalance: '0.00', closingBalance: '760.05', currentPage: null, account: { id: chart.cash.id, path: '1.1101' } });
    expect(first.body.results.map((l: { side: number; amount: string; balance: string }) => [l.side, l.amount, l.balance])).toEqual([
      [1, '1000.10', '1000.10'],
      [2, '250.05', '750.05'],
    ]);
    expect(first.body.results[0]).toMatchObject({ postingDate: '2026-01-15', serialNumber: 1, costCenterId: chart.hq.id, line: 0, accountId: chart.cash.id });

    // Posted behind the cursor: the next page continues from where the first ended.
    await postedJournal(api, base, '2026-01-10', [debit(chart.cash.id, 1), credit(chart.sales.id, 1)]);
    const second = await statement(`&pageSize=2&page=${encodeURIComponent(first.body.nextPage)}`);
    expect(second.body.results.map((l: { amount: string; balance: string }) => [l.amount, l.balance])).toEqual([['10.00', '760.05']]);
    expect(second.body.nextPage).toBeNull();

    const february = (await api.get(`${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&dateFrom=2026-02-01&dateTo=2026-02-28`)).body;
    expect(february.openingBalance).toBe('1001.10');
    expect(february.results.map((l: { balance: string }) => l.balance)).toEqual(['751.05', '761.05']);
    expect(february.closingBalance).toBe('761.05');

    const assets = (await api.get(`${base}/Reports/GeneralLedger?accountId=1&dateFrom=2026-01-01&dateTo=2026-12-31&costCenterId=BR`)).body;
    expect(assets.results.map((l: { amount: string; balance: string }) => [l.amount, l.balance])).toEqual([['10.00', '10.00']]);
    expect(assets.closingBalance).toBe('10.00');

    const tampered = await statement(`&pageSize=2&page=${encodeURIComponent(first.body.nextPage)}x`);
    expect(tampered.status).toBe(400);
  });
});

describe('stored reports', () => {
  it('stores a snapshot that reads back unchanged, and that of a closed period equals a fresh report of it later', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const { chart, year } = await book(api, base);
    const january = year.periods[0];
    expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${january.id}/Close`, { version: january.version })).status).toBe(200);

    const parameters = { financialYearId: year.id, periodId: january.id };
    const created = await api.post(`${base}/Reports`, { kind: 'TrialBalance', parameters }, { 'idempotency-key': 'jan-tb' });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ kind: 'TrialBalance', parameters, createdBy: { type: 'user' } });
    const replay = await api.post(`${base}/Reports`, { kind: 'TrialBalance', parameters }, { 'idempotency-key': 'jan-tb' });
    expect(replay.body.id).toBe(created.body.id);

    await postedJournal(api, base, '2026-03-01', [debit(chart.cash.id, 500), credit(chart.sales.id, 500)]);
    const stored = await api.get(`${base}/Reports/${created.body.id}`);
    const fresh = await api.get(`${base}/Reports/TrialBalance?financialYearId=${year.id}&periodId=${january.id}`);
    expect(stored.body.figures).toEqual(fresh.body);
    expect(trialRows(stored.body.figures)['1101']).toEqual(['0.00', '0.00', '1000.10', '0.00', '1000.10', '0.00']);

    const sheet = await api.post(`${base}/Reports`, { kind: 'BalanceSheet', parameters: { date: '2026-01-31' } });
    const statement = await api.post(`${base}/Reports`, { kind: 'IncomeStatement', parameters: { dateFrom: '2026-01-01', dateTo: '2026-01-31', byCostCenter: true } });
    expect(statement.status, statement.text).toBe(200);
    expect((await api.get(`${base}/Reports/${sheet.body.id}`)).body.figures.totals.assets).toEqual(['1000.10']);
    const list = await api.get(`${base}/Reports?pageSize=2`);
    expect(list.body.results.map((r: { id: string }) => r.id)).toEqual([statement.body.id, sheet.body.id]);
    const rest = await api.get(`${base}/Reports?pageSize=2&page=${encodeURIComponent(list.body.nextPage)}`);
    expect(rest.body.results.map((r: { id: string }) => r.id)).toEqual([created.body.id]);

    expect((await api.get(`${base}/Reports/${randomUUID()}`)).status).toBe(404);
    expect((await api.post(`${base}/Reports`, { kind: 'GeneralLedger', parameters: {} })).body.errors[0].name).toBe('kind');
    expect((await api.post(`${base}/Reports`, { kind: 'BalanceSheet', parameters: { date: '2031-01-01' } })).body.errors[0]).toMatchObject({ name: 'date', code: 'NoFinancialYear' });
    const other = await companyOwner(gateway.url);
    expect((await other.api.get(`${other.base}/Reports/${created.body.id}`)).status).toBe(404);
  });
});

describe('storing reports: a write, with its own permission and a per-company limit', () => {
  const LIMIT = 3;
  const saved = process.env.REPORT_SNAPSHOT_LIMIT;
  beforeAll(() => {
    process.env.REPORT_SNAPSHOT_LIMIT = String(LIMIT);
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.REPORT_SNAPSHOT_LIMIT;
    else process.env.REPORT_SNAPSHOT_LIMIT = saved;
  });

  const sheet = { kind: 'BalanceSheet', parameters: { date: '2026-01-31' } };
  const member = async (owner: { api: Client; base: string }, role: string) => {
    const user = await signedInUser(gateway.url);
    await addMember(owner.api, owner.base, user.user.email, ROLES.find((r) => r.name === role)!.id);
    return user.api;
  };
  const stored = async (api: Client, base: string) => (await api.get(`${base}/Reports?pageSize=100`)).body.results.map((r: { id: string }) => r.id);
  const createdEvents = async (api: Client, base: string) => (await api.get(`${base}/Events?type=ReportCreated&pageSize=100`)).body.results.length;

  it('refuses a viewer storing a report (403, nothing stored), who still reads them; the accountant stores', async () => {
    // Arrange
    const { api, base } = await companyOwner(gateway.url);
    await year2026(api, base);
    const kept = (await api.post(`${base}/Reports`, sheet)).body;
    const viewer = await member({ api, base }, 'viewer');
    const accountant = await member({ api, base }, 'accountant');

    // Act
    const refused = await viewer.post(`${base}/Reports`, sheet);
    const byAccountant = await accountant.post(`${base}/Reports`, sheet);

    // Assert
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('Forbidden');
    expect(byAccountant.status, byAccountant.text).toBe(200);
    expect(await stored(viewer, base)).toEqual([byAccountant.body.id, kept.id]);
    expect((await viewer.get(`${base}/Reports/${kept.id}`)).body.figures.totals).toBeDefined();
    expect((await viewer.get(`${base}/Reports/BalanceSheet?date=2026-01-31`)).status).toBe(200);
  });

  it(`stores at most REPORT_SNAPSHOT_LIMIT (here ${LIMIT}) per company: the next is 409 TooManyReports and writes nothing`, async () => {
    // Arrange
    const { api, base } = await companyOwner(gateway.url);
    const other = await companyOwner(gateway.url);
    await year2026(api, base);
    await year2026(other.api, other.base);
    for (let i = 0; i < LIMIT; i++) expect((await api.post(`${base}/Reports`, sheet)).status).toBe(200);
    const before = await stored(api, base);

    // Act
    const refused = await api.post(`${base}/Reports`, sheet, { 'idempotency-key': 'over-the-limit' });
    const retried = await api.post(`${base}/Reports`, sheet, { 'idempotency-key': 'over-the-limit' });

    // Assert
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 409, errors: [{ name: 'generalErrors', reason: `A company has at most ${LIMIT} stored report snapshots; snapshots are kept for good, but the report endpoints (GET .../Reports/TrialBalance, ...) still answer any report unstored.`, code: 'TooManyReports' }] });
    expect(retried.status).toBe(409);
    expect(await stored(api, base)).toEqual(before);
    expect(await createdEvents(api, base)).toBe(LIMIT);
    // The limit is each company's own.
    expect((await other.api.post(`${other.base}/Reports`, sheet)).status).toBe(200);
  });

  it('lets exactly the allowed number through when stores race at the limit', async () => {
    // Arrange
    const { api, base } = await companyOwner(gateway.url);
    await year2026(api, base);
    expect((await api.post(`${base}/Reports`, sheet)).status).toBe(200);

    // Act: eight at once for the two places left.
    const racing = await Promise.all(Array.from({ length: 8 }, () => api.post(`${base}/Reports`, sheet)));

    // Assert
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409, 409, 409]);
    const ids = racing.filter((r) => r.status === 200).map((r) => r.body.id);
    expect((await stored(api, base)).sort()).toEqual(expect.arrayContaining(ids));
    expect(await stored(api, base)).toHaveLength(LIMIT);
    expect(await createdEvents(api, base)).toBe(LIMIT);
  });
});
