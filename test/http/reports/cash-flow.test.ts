import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { csvRows, getFile, sheetValues, xlsxSheet } from '../../support/files.ts';
import { credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';

/**
 * Accounts' cash flow categories, and the cash flow statement (indirect method) they lay out:
 * net profit, non-cash changes added back, each operating, investing and financing account's
 * change, reconciled to the change in cash.
 */
const gateway = useGateway();
const n = (code: string) => ({ english: code, arabic: code });

async function account(api: Client, base: string, body: Record<string, unknown>) {
  const r = await api.post(`${base}/Accounts`, { name: n(String(body.code)), type: 'leaf', ...body });
  if (r.status !== 200) throw new Error(r.text);
  return r.body;
}

/** A chart with an account of every category, and 2026's first quarter of a small business. */
async function books() {
  const { api, base, token } = await companyOwner(gateway.url);
  const root = (code: string, classification: string) => account(api, base, { code, type: 'category', classification });
  const [assets, liabilities, equity, revenue, expense] = await Promise.all([root('1', 'asset'), root('2', 'liability'), root('3', 'equity'), root('4', 'revenue'), root('5', 'expense')]);
  const leaf = (code: string, parent: { id: string }, cashFlowCategory?: string) => account(api, base, { code, parentId: parent.id, ...(cashFlowCategory ? { cashFlowCategory } : {}) });
  const chart = {
    cash: await leaf('1101', assets, 'cash'),
    bank: await leaf('1102', assets, 'cash'),
    receivables: await leaf('1201', assets),
    equipment: await leaf('1501', assets, 'investing'),
    depreciated: await leaf('1509', assets, 'nonCash'),
    payables: await leaf('2101', liabilities),
    loan: await leaf('2501', liabilities, 'financing'),
    capital: await leaf('3101', equity),
    retained: await leaf('3201', equity),
    sales: await leaf('4101', revenue),
    rent: await leaf('5101', expense),
    depreciation: await leaf('5201', expense),
    hq: (await api.post(`${base}/CostCenters`, { code: 'HQ', name: n('HQ') })).body,
  };
  const year = await year2026(api, base);
  const c = chart;
  await postedJournal(api, base, '2026-01-05', [debit(c.bank.id, 10000), credit(c.capital.id, 10000)]);
  await postedJournal(api, base, '2026-01-10', [debit(c.bank.id, 5000), credit(c.loan.id, 5000)]);
  await postedJournal(api, base, '2026-02-01', [debit(c.equipment.id, 6000), credit(c.bank.id, 6000)]);
  await postedJournal(api, base, '2026-02-15', [debit(c.receivables.id, 3000), credit(c.sales.id, 3000)]);
  await postedJournal(api, base, '2026-03-01', [debit(c.cash.id, 2000), credit(c.receivables.id, 2000)]);
  await postedJournal(api, base, '2026-03-05', [debit(c.rent.id, 800), credit(c.payables.id, 800)]);
  await postedJournal(api, base, '2026-03-31', [debit(c.depreciation.id, 100), credit(c.depreciated.id, 100)]);
  return { api, base, token, chart, year };
}

const byCode = (rows: Array<{ code: string; amounts: string[] }>) => Object.fromEntries(rows.map((r) => [r.code, r.amounts[0]]));

describe('an account’s cash flow category', () => {
  it('defaults by classification, is set on create and update, and null goes back to the default', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const root = (code: string, classification: string) => account(api, base, { code, type: 'category', classification });
    const [assets, equity, revenue] = await Promise.all([root('1', 'asset'), root('3', 'equity'), root('4', 'revenue')]);
    expect([assets.cashFlowCategory, equity.cashFlowCategory, revenue.cashFlowCategory]).toEqual(['operating', 'financing', 'operating']);

    const bank = await account(api, base, { code: '1102', parentId: assets.id, cashFlowCategory: 'cash' });
    expect(bank.cashFlowCategory).toBe('cash');
    expect((await api.get(`${base}/Accounts/${bank.id}`)).body.cashFlowCategory).toBe('cash');

    const replace = (a: { id: string; code: string; parentId: string }, version: number, extra: Record<string, unknown>) => api.put(`${base}/Accounts/${a.id}`, { code: a.code, parentId: a.parentId, name: n(a.code), version, ...extra });
    const kept = await replace(bank, 1, {});
    expect([kept.status, kept.body.cashFlowCategory]).toEqual([200, 'cash']);
    const changed = await replace(bank, 2, { cashFlowCategory: 'investing' });
    expect([changed.status, changed.body.cashFlowCategory]).toEqual([200, 'investing']);
    const cleared = await replace(bank, 3, { cashFlowCategory: null });
    expect([cleared.status, cleared.body.cashFlowCategory]).toEqual([200, 'operating']);
  });

  it('refuses an unknown category, and one the classification does not allow, naming cashFlowCategory; nothing changes', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const revenue = await account(api, base, { code: '4', type: 'category', classification: 'revenue' });
    const equity = await account(api, base, { code: '3', type: 'category', classification: 'equity' });
    const sales = await account(api, base, { code: '4101', parentId: revenue.id });

    const unknown = await api.post(`${base}/Accounts`, { code: '4102', name: n('x'), type: 'leaf', parentId: revenue.id, cashFlowCategory: 'Cash' });
    const nonCashRevenue = await api.post(`${base}/Accounts`, { code: '4103', name: n('x'), type: 'leaf', parentId: revenue.id, cashFlowCategory: 'nonCash' });
    const cashEquity = await api.post(`${base}/Accounts`, { code: '3101', name: n('x'), type: 'leaf', parentId: equity.id, cashFlowCategory: 'cash' });
    const rootRefused = await api.post(`${base}/Accounts`, { code: '5', name: n('x'), type: 'category', classification: 'expense', cashFlowCategory: 'investing' });
    const update = await api.put(`${base}/Accounts/${sales.id}`, { code: '4101', parentId: revenue.id, name: n('4101'), version: 1, cashFlowCategory: 'financing' });
    for (const refused of [unknown, nonCashRevenue, cashEquity, rootRefused, update]) {
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.errors[0].name).toBe('cashFlowCategory');
    }
    expect(nonCashRevenue.body.errors[0].code).toBe('CashFlowCategory');
    expect(nonCashRevenue.body.errors[0].reason).toContain('net profit');
    expect((await api.get(`${base}/Accounts/${sales.id}`)).body).toMatchObject({ version: 1, cashFlowCategory: 'operating' });
    expect((await api.get(`${base}/Accounts?pageSize=100`)).body.results.map((a: { code: string }) => a.code).sort()).toEqual(['3', '4', '4101']);
  });
});

describe('the cash flow statement', () => {
  it('starts from net profit, adds back non-cash changes, shows each account’s change and reconciles to the change in cash', async () => {
    const { api, base } = await books();
    const r = await api.get(`${base}/Reports/CashFlow?dateFrom=2026-01-01&dateTo=2026-03-31`);
    expect(r.status, r.text).toBe(200);
    const cf = r.body;
    expect(byCode(cf.nonCash)).toEqual({ '1': '100.00', '1509': '100.00' });
    expect(byCode(cf.operating)).toEqual({ '1': '-1000.00', '1201': '-1000.00', '2': '800.00', '2101': '800.00' });
    expect(byCode(cf.investing)).toEqual({ '1': '-6000.00', '1501': '-6000.00' });
    expect(byCode(cf.financing)).toEqual({ '2': '5000.00', '2501': '5000.00', '3': '10000.00', '3101': '10000.00' });
    expect(byCode(cf.cash)).toEqual({ '1': '11000.00', '1101': '2000.00', '1102': '9000.00' });
    expect(cf.operating[1]).toMatchObject({ path: '1.1201', depth: 1, type: 'leaf', classification: 'asset' });
    expect(cf.totals).toEqual({
      netProfit: ['2100.00'],
      nonCash: ['100.00'],
      operatingActivities: ['2000.00'],
      investingActivities: ['-6000.00'],
      financingActivities: ['15000.00'],
      netCashFlow: ['11000.00'],
      openingCash: ['0.00'],
      closingCash: ['11000.00'],
      cashChange: ['11000.00'],
      unreconciled: ['0.00'],
    });
    expect(cf.reconciles).toBe(true);
    expect(cf.columns).toEqual([{ dateFrom: '2026-01-01', dateTo: '2026-03-31', scope: 'company', costCenter: null }]);

    // A later start: the opening cash is what came before it.
    const later = (await api.get(`${base}/Reports/CashFlow?dateFrom=2026-02-01&dateTo=2026-03-31`)).body;
    expect(later.totals).toMatchObject({ financingActivities: ['0.00'], netCashFlow: ['-4000.00'], openingCash: ['15000.00'], closingCash: ['11000.00'], cashChange: ['-4000.00'] });
    expect(later.reconciles).toBe(true);
  });

  it('equals the income statement’s net profit with a closing journal in the range, and leaves retained earnings out', async () => {
    const { api, base, chart, year } = await books();
    const settings = (await api.get(`${base}/Settings`)).body;
    await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: chart.retained.id, version: settings.version });
    const closing = (await api.post(`${base}/FinancialYears/${year.id}/GenerateClosingJournal`)).body;
    expect((await api.post(`${base}/Journals/${closing.id}/Post`, { postingDate: '2026-12-31', version: closing.version })).status).toBe(200);

    const cf = (await api.get(`${base}/Reports/CashFlow?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    const income = (await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    expect(cf.totals.netProfit).toEqual(income.totals.netProfit);
    expect(byCode(cf.financing)).toEqual({ '2': '5000.00', '2501': '5000.00', '3': '10000.00', '3101': '10000.00' });
    expect([cf.totals.netCashFlow, cf.totals.cashChange, cf.reconciles]).toEqual([['11000.00'], ['11000.00'], true]);
  });

  it('within a cost center, says what does not reconcile when a journal does not balance within it', async () => {
    const { api, base, chart } = await books();
    await postedJournal(api, base, '2026-04-02', [debit(chart.cash.id, 50, chart.hq.id), credit(chart.sales.id, 50, chart.hq.id)]);
    const balanced = (await api.get(`${base}/Reports/CashFlow?dateFrom=2026-04-01&dateTo=2026-04-30&costCenterId=HQ`)).body;
    expect(balanced.costCenter).toMatchObject({ id: chart.hq.id, path: 'HQ' });
    expect(balanced.columns[0]).toMatchObject({ scope: 'costCenter' });
    expect([balanced.totals.netProfit, balanced.totals.cashChange, balanced.totals.unreconciled, balanced.reconciles]).toEqual([['50.00'], ['50.00'], ['0.00'], true]);

    // Rent charged to HQ, paid from cash booked without a cost center.
    await postedJournal(api, base, '2026-04-03', [debit(chart.rent.id, 20, chart.hq.id), credit(chart.cash.id, 20)]);
    const split = (await api.get(`${base}/Reports/CashFlow?dateFrom=2026-04-01&dateTo=2026-04-30&costCenterId=${chart.hq.id}`)).body;
    expect([split.totals.netProfit, split.totals.cashChange, split.totals.unreconciled, split.reconciles]).toEqual([['30.00'], ['50.00'], ['20.00'], false]);
    const company = (await api.get(`${base}/Reports/CashFlow?dateFrom=2026-04-01&dateTo=2026-04-30`)).body;
    expect([company.totals.netCashFlow, company.totals.cashChange, company.reconciles]).toEqual([['30.00'], ['30.00'], true]);
  });

  it('names the bad or unknown parameter', async () => {
    const { api, base } = await books();
    const get = (query: string) => api.get(`${base}/Reports/CashFlow?${query}`);
    const cases: Array<[string, number, string, string?]> = [
      ['dateTo=2026-03-31', 400, 'dateFrom'],
      ['dateFrom=2026-03-31&dateTo=2026-01-01', 400, 'dateTo', 'InvalidRange'],
      ['dateFrom=2026-01-01&dateTo=2028-03-01', 400, 'dateTo', 'RangeTooLong'],
      ['dateFrom=2025-12-01&dateTo=2026-01-31', 400, 'dateFrom', 'NoFinancialYear'],
      ['dateFrom=2026-02-30&dateTo=2026-03-31', 400, 'dateFrom'],
      ['dateFrom=2026-01-01&dateTo=2026-03-31&costCenterId=NOPE', 404, 'costCenterId'],
      ['dateFrom=2026-01-01&dateTo=2026-03-31&byCostCenter=true', 400, 'byCostCenter'],
    ];
    for (const [query, status, name, code] of cases) {
      const r = await get(query);
      expect([r.status, r.body.errors[0].name], query).toEqual([status, name]);
      if (code) expect(r.body.errors[0].code, query).toBe(code);
    }
  });

  it('is stored as a snapshot that reads back exactly as the report answered', async () => {
    const { api, base } = await books();
    const parameters = { dateFrom: '2026-01-01', dateTo: '2026-03-31' };
    const stored = await api.post(`${base}/Reports`, { kind: 'CashFlow', parameters });
    expect(stored.status, stored.text).toBe(200);
    const snapshot = (await api.get(`${base}/Reports/${stored.body.id}`)).body;
    expect(snapshot).toMatchObject({ kind: 'CashFlow', parameters });
    expect(snapshot.figures).toEqual((await api.get(`${base}/Reports/CashFlow?dateFrom=2026-01-01&dateTo=2026-03-31`)).body);
  });

  it('exports as CSV and XLSX: every section, account and total the JSON statement’s, in order', async () => {
    const { api, base, token } = await books();
    const path = `${base}/Reports/CashFlow?dateFrom=2026-01-01&dateTo=2026-03-31`;
    const json = (await api.get(path)).body;

    const csv = await getFile(gateway.url(), token, `${path}&format=csv`);
    const xlsx = await getFile(gateway.url(), token, `${path}&format=xlsx&language=ar`);

    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="cash-flow_2026-01-01_2026-03-31_en.csv"');
    const [header, ...rows] = csvRows(csv.bytes);
    expect(header).toEqual(['Code', 'Account', '2026-01-01 – 2026-03-31']);
    const section = (rowsOf: Array<{ code: string; name: { english: string }; amounts: string[] }>) => rowsOf.map((r) => [r.code, r.name.english, r.amounts[0]]);
    const t = json.totals;
    expect(rows).toEqual([
      ['', 'Net profit', t.netProfit[0]],
      ['', 'Non-cash items added back', ''], ...section(json.nonCash), ['', 'Non-cash items added back', t.nonCash[0]],
      ['', 'Operating activities', ''], ...section(json.operating), ['', 'Net cash from operating activities', t.operatingActivities[0]],
      ['', 'Investing activities', ''], ...section(json.investing), ['', 'Net cash from investing activities', t.investingActivities[0]],
      ['', 'Financing activities', ''], ...section(json.financing), ['', 'Net cash from financing activities', t.financingActivities[0]],
      ['', 'Net cash flow', t.netCashFlow[0]],
      ['', 'Cash accounts', ''], ...section(json.cash), ['', 'Change in cash', t.cashChange[0]],
      ['', 'Opening cash', t.openingCash[0]],
      ['', 'Closing cash', t.closingCash[0]],
      ['', 'Unreconciled', t.unreconciled[0]],
    ]);
    const sheet = await xlsxSheet(xlsx.bytes);
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    const values = sheetValues(sheet);
    expect(values.length).toBe(rows.length + 1);
    expect(values.slice(1).map((r) => (r[2] === null ? '' : (r[2] as number).toFixed(2)))).toEqual(rows.map((r) => r[2]));
  });
});
