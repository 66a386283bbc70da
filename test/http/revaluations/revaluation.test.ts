import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { companyOwner, signedInUser, useGateway, type Client } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';

/**
 * Revaluation: each foreign-currency balance of an asset or liability account is brought, in
 * base, to its balance at the rate in effect on the date, against the unrealized exchange gain
 * and loss account, and reversed on the next day.
 */
const gateway = useGateway();
const n = (english: string) => ({ english, arabic: english });

async function books({ gainLoss = true } = {}) {
  const owner = await companyOwner(gateway.url);
  const { api, base } = owner;
  const chart = await chartOfAccounts(api, base);
  await year2026(api, base);
  const liabilities = (await api.post(`${base}/Accounts`, { code: '2', name: n('Liabilities'), type: 'category', classification: 'liability' })).body;
  const payable = (await api.post(`${base}/Accounts`, { code: '2101', name: n('Payables'), type: 'leaf', parentId: liabilities.id })).body;
  const fx = (await api.post(`${base}/Accounts`, { code: '5201', name: n('Unrealized exchange differences'), type: 'leaf', parentId: chart.expenses.id })).body;
  if (gainLoss) {
    const settings = (await api.get(`${base}/Settings`)).body;
    const set = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: null, unrealizedFxGainLossAccountId: fx.id, version: settings.version });
    expect(set.status, set.text).toBe(200);
  }
  const rate = async (currency: string, date: string, value: string) => expect((await api.post(`${base}/ExchangeRates`, { currency, date, rate: value })).status).toBe(200);
  return { ...owner, chart: { ...chart, payable, fx }, rate };
}

const inCurrency = (line: object, currency: string, exchangeRate?: string) => ({ ...line, currency, ...(exchangeRate ? { exchangeRate } : {}) });
const revalue = (api: Client, base: string, body: object, headers?: Record<string, string>) => api.post(`${base}/Revaluations`, body, headers);
const sheetAmount = async (api: Client, base: string, date: string, code: string) => {
  const sheet = (await api.get(`${base}/Reports/BalanceSheet?date=${date}`)).body;
  expect(sheet.totals.liabilitiesAndEquity).toEqual(sheet.totals.assets);
  return [...sheet.assets, ...sheet.liabilities, ...sheet.equity].find((r: { code: string }) => r.code === code)?.amounts[0];
};
const journalCount = async (api: Client, base: string) => (await api.get(`${base}/Journals?pageSize=100`)).body.results.length;

/** 1,000 USD in the bank at 3.75 on 15 January; 3.80 from 31 January. */
async function usdBank() {
  const b = await books();
  await b.rate('USD', '2026-01-01', '3.75');
  await postedJournal(b.api, b.base, '2026-01-15', [inCurrency(debit(b.chart.bank.id, '1000'), 'USD'), credit(b.chart.sales.id, '3750.00')]);
  await b.rate('USD', '2026-01-31', '3.80');
  return b;
}

describe('revaluation', () => {
  it('posts the difference against the gain and loss account, shows the bank at foreign balance x rate on the date, and reverses it the next day', async () => {
    const { api, base, chart } = await usdBank();
    const r = await revalue(api, base, { date: '2026-01-31' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ date: '2026-01-31', dryRun: false });
    expect(r.body.accounts).toEqual([{ accountId: chart.bank.id, currency: 'USD', foreignBalance: '1000.00', rate: '3.8', baseBefore: '3750.00', baseAfter: '3800.00', difference: '50.00' }]);

    const journal = (await api.get(`${base}/Journals/${r.body.journalId}`)).body;
    expect(journal).toMatchObject({ status: 'reversed', postingDate: '2026-01-31', reference: 'REVALUATION-2026-01-31', reversedBy: r.body.reversalId });
    expect(journal.entries.map((e: { accountId: string; side: number; baseAmount: number; currency: string }) => [e.accountId, e.side, e.baseAmount, e.currency])).toEqual([
      [chart.bank.id, 1, 50, 'SAR'],
      [chart.fx.id, 2, 50, 'SAR'],
    ]);
    const reversal = (await api.get(`${base}/Journals/${r.body.reversalId}`)).body;
    expect(reversal).toMatchObject({ status: 'posted', postingDate: '2026-02-01', reversalOf: r.body.journalId });
    // Both are marked with the date they revalue; an ordinary journal is not.
    expect([journal.revaluationDate, reversal.revaluationDate]).toEqual(['2026-01-31', '2026-01-31']);
    const [ordinary] = (await api.get(`${base}/Journals?pageSize=100`)).body.results.filter((j: { reference: string | null }) => j.reference !== 'REVALUATION-2026-01-31');
    expect(ordinary.revaluationDate).toBeNull();
    // Its event carries the answer.
    const [event] = (await api.get(`${base}/Events?type=RevaluationPosted`)).body.results;
    expect(event.data).toEqual(r.body);

    expect(await sheetAmount(api, base, '2026-01-31', '1102')).toBe('3800.00');
    expect(await sheetAmount(api, base, '2026-02-01', '1102')).toBe('3750.00');
    // The foreign balance is unchanged: the trial balance still shows 1,000 USD.
    const tb = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-01-31`)).body;
    const bankRow = tb.rows.find((row: { code: string }) => row.code === '1102');
    expect(bankRow.currencies).toEqual([expect.objectContaining({ currency: 'USD', closing: { debit: '1000.00', credit: '0.00' } })]);

    // Revalued again at the same date: the base already matches, nothing new is posted.
    const before = await journalCount(api, base);
    const again = await revalue(api, base, { date: '2026-01-31' });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ journalId: null, reversalId: null });
    expect(again.body.accounts.map((a: { difference: string; baseBefore: string }) => [a.baseBefore, a.difference])).toEqual([['3800.00', '0.00']]);
    expect(await journalCount(api, base)).toBe(before);
  });

  it('writes nothing on a dry run', async () => {
    const { api, base, chart } = await usdBank();
    const dry = await revalue(api, base, { date: '2026-01-31', dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, journalId: null, reversalId: null, accounts: [{ accountId: chart.bank.id, difference: '50.00' }] });
    expect(await journalCount(api, base)).toBe(1);
    expect(await sheetAmount(api, base, '2026-01-31', '1102')).toBe('3750.00');
    expect((await api.get(`${base}/Events?pageSize=100`)).body.results.map((e: { type: string }) => e.type)).not.toContain('RevaluationPosted');
  });

  it('replays the answer under the same idempotency key, posting once', async () => {
    const { api, base } = await usdBank();
    const key = { 'Idempotency-Key': `reval-${randomUUID()}` };
    const first = await revalue(api, base, { date: '2026-01-31' }, key);
    const replay = await revalue(api, base, { date: '2026-01-31' }, key);
    expect(first.status, first.text).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await journalCount(api, base)).toBe(3);
  });

  it('revalues a liability (a credit balance) and an account holding two currencies, each currency on its own', async () => {
    const { api, base, chart, rate } = await books();
    await rate('USD', '2026-01-01', '3.75');
    await rate('EUR', '2026-01-01', '4.10');
    // Owed 333.33 USD (1,249.9875 -> 1,249.99 SAR); the bank holds 200 USD and 100.01 EUR.
    await postedJournal(api, base, '2026-01-10', [debit(chart.rent.id, '1249.99'), inCurrency(credit(chart.payable.id, '333.33'), 'USD')]);
    await postedJournal(api, base, '2026-01-12', [inCurrency(debit(chart.bank.id, '200'), 'USD'), inCurrency(debit(chart.bank.id, '100.01'), 'EUR'), credit(chart.sales.id, '1160.04')]);
    await rate('USD', '2026-01-31', '3.7525');
    await rate('EUR', '2026-01-31', '4.00');

    const r = await revalue(api, base, { date: '2026-01-31' });
    expect(r.status, r.text).toBe(200);
    // -333.33 x 3.7525 = -1,250.8208 -> -1,250.82; 200 x 3.7525 = 750.50; 100.01 x 4 = 400.04.
    expect(r.body.accounts).toEqual([
      { accountId: chart.bank.id, currency: 'EUR', foreignBalance: '100.01', rate: '4', baseBefore: '410.04', baseAfter: '400.04', difference: '-10.00' },
      { accountId: chart.bank.id, currency: 'USD', foreignBalance: '200.00', rate: '3.7525', baseBefore: '750.00', baseAfter: '750.50', difference: '0.50' },
      { accountId: chart.payable.id, currency: 'USD', foreignBalance: '-333.33', rate: '3.7525', baseBefore: '-1249.99', baseAfter: '-1250.82', difference: '-0.83' },
    ]);
    expect(await sheetAmount(api, base, '2026-01-31', '1102')).toBe('1150.54');
    expect(await sheetAmount(api, base, '2026-01-31', '2101')).toBe('1250.82');

    const again = await revalue(api, base, { date: '2026-01-31', dryRun: true });
    expect(again.body.accounts.map((a: { difference: string }) => a.difference)).toEqual(['0.00', '0.00', '0.00']);
  });

  it('refuses a currency without a rate on or before the date, naming date', async () => {
    const { api, base, chart, rate } = await books();
    await postedJournal(api, base, '2026-03-10', [inCurrency(debit(chart.bank.id, '10'), 'GBP', '4.7'), credit(chart.sales.id, '47.00')]);
    await rate('GBP', '2026-04-01', '4.8');
    const r = await revalue(api, base, { date: '2026-03-31' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ name: 'date', code: 'NoExchangeRate' });
    expect(r.body.errors[0].reason).toContain('GBP');
  });

  it('refuses to post without unrealizedFxGainLossAccountId in the settings, and a reversal day outside an open period', async () => {
    const { api, base, chart } = await books({ gainLoss: false });
    await api.post(`${base}/ExchangeRates`, { currency: 'USD', date: '2026-01-01', rate: '3.75' });
    await postedJournal(api, base, '2026-01-15', [inCurrency(debit(chart.bank.id, '1000'), 'USD'), credit(chart.sales.id, '3750.00')]);
    const r = await revalue(api, base, { date: '2026-01-31' });
    expect(r.status).toBe(409);
    expect(r.body.errors[0]).toMatchObject({ name: 'unrealizedFxGainLossAccountId', code: 'UnrealizedFxGainLossNotSet' });

    const yearEnd = await revalue(api, base, { date: '2026-12-31' });
    expect(yearEnd.status).toBe(409);
    expect(yearEnd.body.errors[0].name).toBe('unrealizedFxGainLossAccountId');
    expect(await journalCount(api, base)).toBe(1);
  });

  it('names date when the next day has no open period', async () => {
    const { api, base } = await usdBank();
    const r = await revalue(api, base, { date: '2026-12-31' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ name: 'date', code: 'NoFinancialYear' });
  });

  it('is for journals:post holders: the viewer is refused', async () => {
    const { api, base } = await usdBank();
    const viewer = await signedInUser(gateway.url);
    const added = await api.post(`${base}/Members`, { email: viewer.user.email, roleId: ROLES.find((r) => r.name === 'viewer')!.id });
    expect(added.status).toBe(200);
    expect((await revalue(viewer.api, base, { date: '2026-01-31' })).status).toBe(403);
    expect(await journalCount(api, base)).toBe(1);
  });

  it('accepts the revaluation line on an account restricted to a foreign currency', async () => {
    const { api, base, chart, rate } = await books();
    const usdBankAccount = (await api.post(`${base}/Accounts`, { code: '1103', name: n('USD bank'), type: 'leaf', parentId: chart.assets.id, currency: 'USD' })).body;
    await rate('USD', '2026-01-01', '3.75');
    await postedJournal(api, base, '2026-01-15', [inCurrency(debit(usdBankAccount.id, '1000'), 'USD'), credit(chart.sales.id, '3750.00')]);
    await rate('USD', '2026-01-31', '3.80');
    const r = await revalue(api, base, { date: '2026-01-31' });
    expect(r.status, r.text).toBe(200);
    expect(await sheetAmount(api, base, '2026-01-31', '1103')).toBe('3800.00');
  });
});
