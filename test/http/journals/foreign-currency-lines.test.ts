import { describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/**
 * Journal lines in any currency: each line's amount in its currency, the rate (given, or the
 * company's in effect on the journal's date) and the base amount the balances add; a journal
 * balances in base; rounding of foreign lines is balanced on the settings' rounding account.
 */
const gateway = useGateway();

const books = () => companyBooks(gateway.url);

async function rate(api: Client, base: string, currency: string, date: string, value: string) {
  const r = await api.post(`${base}/ExchangeRates`, { currency, date, rate: value });
  expect(r.status, r.text).toBe(200);
}

const draft = (api: Client, base: string, entries: unknown[], date = '2026-03-10') => api.post(`${base}/Journals`, { date: `${date}T09:00:00Z`, entries });

describe('journal lines in foreign currencies', () => {
  it('converts a line at its own rate, answers amount, currency, rate and base amount, and posts base figures', async () => {
    const { api, base, chart } = await books();

    const created = await draft(api, base, [debit(chart.rent.id, '375.00'), { ...credit(chart.bank.id, '100'), currency: 'USD', exchangeRate: 3.75 }]);

    expect(created.status, created.text).toBe(200);
    expect(created.body.entries).toEqual([
      { accountId: chart.rent.id, costCenterId: null, side: 1, amount: 375, currency: 'SAR', exchangeRate: '1', baseAmount: 375, fxRounding: false, tax: null, taxOf: null, counterpartyId: null },
      { accountId: chart.bank.id, costCenterId: null, side: 2, amount: 100, currency: 'USD', exchangeRate: '3.75', baseAmount: 375, fxRounding: false, tax: null, taxOf: null, counterpartyId: null },
    ]);
    expect(created.body.totals).toEqual({ debit: 375, credit: 375 });
    const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-03-10', version: 1 });
    expect(posted.status, posted.text).toBe(200);
    const tb = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    expect(tb.totals.movement).toEqual({ debit: '375.00', credit: '375.00' });
    // Events carry each line's currency fields as the journal answers them.
    const events = (await api.get(`${base}/Events?type=JournalCreated,JournalPosted`)).body.results;
    expect(events.map((e: { type: string }) => e.type).sort()).toEqual(['JournalCreated', 'JournalPosted']);
    for (const e of events) expect(e.data.entries).toEqual(created.body.entries);
  });

  it('takes the latest rate dated on or before the journal date, and names the line when there is none', async () => {
    const { api, base, chart } = await books();
    await rate(api, base, 'USD', '2026-01-01', '3.75');
    await rate(api, base, 'USD', '2026-03-01', '3.7625');
    const usd = (amount: string) => ({ ...credit(chart.bank.id, amount), currency: 'USD' });

    const march = await draft(api, base, [debit(chart.rent.id, '376.25'), usd('100')], '2026-03-10');
    const february = await draft(api, base, [debit(chart.rent.id, '375.00'), usd('100')], '2026-02-28');
    const before = await draft(api, base, [debit(chart.rent.id, '375.00'), usd('100')], '2025-12-31');

    expect(march.body.entries[1]).toMatchObject({ exchangeRate: '3.7625', baseAmount: 376.25 });
    expect(february.body.entries[1]).toMatchObject({ exchangeRate: '3.75', baseAmount: 375 });
    expect(before.status).toBe(400);
    expect(before.body.errors[0]).toMatchObject({ name: 'entries[1].exchangeRate', code: 'NoExchangeRate' });
  });

  it('rounds base amounts half away from zero at the base precision, and keeps each currency’s own decimals', async () => {
    const { api, base, chart } = await books();
    const line = (amount: string, currency: string, exchangeRate?: string) => ({ ...debit(chart.rent.id, amount), currency, ...(exchangeRate ? { exchangeRate } : {}) });

    const kwd = await draft(api, base, [line('10.005', 'KWD', '12.25'), credit(chart.bank.id, '122.56')]);
    const jpy = await draft(api, base, [line('1001', 'JPY', '0.025'), credit(chart.bank.id, '25.03')]);

    // 10.005 x 12.25 = 122.56125 -> 122.56; 1001 x 0.025 = 25.025 -> 25.03 (half away from zero).
    expect(kwd.status, kwd.text).toBe(200);
    expect(kwd.body.entries[0]).toMatchObject({ amount: 10.005, currency: 'KWD', baseAmount: 122.56 });
    expect(jpy.body.entries[0]).toMatchObject({ amount: 1001, currency: 'JPY', baseAmount: 25.03 });
  });

  it('refuses what a currency or rate does not allow, naming the line field, and writes nothing', async () => {
    const { api, base, chart } = await books();
    const bad = async (line: Record<string, unknown>) => (await draft(api, base, [line, credit(chart.bank.id, '1')])).body.errors?.[0];
    const rent = (amount: string) => debit(chart.rent.id, amount);

    expect(await bad({ ...rent('10.5'), currency: 'JPY', exchangeRate: '0.025' })).toMatchObject({ name: 'entries[0].amount' });
    expect(await bad({ ...rent('10.005'), currency: 'USD', exchangeRate: '3.75' })).toMatchObject({ name: 'entries[0].amount' });
    expect(await bad(rent('10.005'))).toMatchObject({ name: 'entries[0].amount' });
    expect(await bad({ ...rent('10'), currency: 'XYZ', exchangeRate: '1.5' })).toMatchObject({ name: 'entries[0].currency' });
    expect(await bad({ ...rent('10'), currency: 'usd', exchangeRate: '1.5' })).toMatchObject({ name: 'entries[0].currency' });
    expect(await bad({ ...rent('10'), currency: 'USD', exchangeRate: '3.12345678901' })).toMatchObject({ name: 'entries[0].exchangeRate' });
    expect(await bad({ ...rent('10'), currency: 'USD', exchangeRate: '0' })).toMatchObject({ name: 'entries[0].exchangeRate' });
    expect(await bad({ ...rent('10'), currency: 'USD', exchangeRate: '-3' })).toMatchObject({ name: 'entries[0].exchangeRate' });
    expect(await bad({ ...rent('10'), exchangeRate: '2' })).toMatchObject({ name: 'entries[0].exchangeRate' });
    expect(await bad({ ...rent('10'), currency: 'SAR', exchangeRate: '1.5' })).toMatchObject({ name: 'entries[0].exchangeRate' });
    expect(await bad({ ...rent('0.001'), currency: 'KWD', exchangeRate: '0.001' })).toMatchObject({ name: 'entries[0].amount' });
    expect((await api.get(`${base}/Journals`)).body.results).toEqual([]);
  });

  it('balances the rounding of foreign lines on the rounding account, or names the difference without one', async () => {
    const { api, base, chart } = await books();
    // 3 x (33.33 USD at 3.7505 = 125.004165 -> 125.00) = 375.00 against 99.99 USD at 3.7505 = 375.012495 -> 375.01.
    const usd = (line: Record<string, unknown>) => ({ ...line, currency: 'USD', exchangeRate: '3.7505' });
    const entries = [usd(debit(chart.rent.id, '33.33')), usd(debit(chart.rent.id, '33.33')), usd(debit(chart.rent.id, '33.33')), usd(credit(chart.bank.id, '99.99'))];

    const unset = await draft(api, base, entries);
    const refused = await api.post(`${base}/Journals/${unset.body.id}/Post`, { postingDate: '2026-03-10', version: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ name: 'entries', code: 'Unbalanced' });
    expect(refused.body.errors[0].reason).toContain('differ by 0.01');

    const settings = (await api.get(`${base}/Settings`)).body;
    const set = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: null, fxRoundingAccountId: chart.cash.id, version: settings.version });
    expect(set.status, set.text).toBe(200);
    expect(set.body.fxRoundingAccountId).toBe(chart.cash.id);
    // Named by the settings, the rounding account cannot be deleted from under them.
    const cash = (await api.get(`${base}/Accounts/${chart.cash.id}`)).body;
    const deleted = await api.delete(`${base}/Accounts/${chart.cash.id}`, { version: cash.version });
    expect(deleted.status, deleted.text).toBe(409);
    expect(deleted.body.errors[0]).toMatchObject({ code: 'SettingsAccount' });
    expect((await api.get(`${base}/Accounts/${chart.cash.id}`)).status).toBe(200);
    const rounded = await draft(api, base, entries);
    expect(rounded.body.entries).toHaveLength(5);
    expect(rounded.body.entries[4]).toEqual({ accountId: chart.cash.id, costCenterId: null, side: 1, amount: 0.01, currency: 'SAR', exchangeRate: '1', baseAmount: 0.01, fxRounding: true, tax: null, taxOf: null, counterpartyId: null });
    const posted = await api.post(`${base}/Journals/${rounded.body.id}/Post`, { postingDate: '2026-03-10', version: 1 });
    expect(posted.status, posted.text).toBe(200);

    // A difference beyond one minor unit per foreign line is not rounding: it is left to the client.
    const off = await draft(api, base, [usd(debit(chart.rent.id, '33.33')), usd(credit(chart.bank.id, '33.35'))]);
    expect(off.body.entries).toHaveLength(2);
  });

  it('keeps the base currency while the company has journals', async () => {
    const { api, base, chart } = await books();
    await draft(api, base, [debit(chart.rent.id, '1'), credit(chart.bank.id, '1')]);
    const settings = (await api.get(`${base}/Settings`)).body;
    const changed = await api.put(`${base}/Settings`, { baseCurrency: 'USD', decimalPrecision: settings.decimalPrecision, retainedEarningsAccountId: null, version: settings.version });
    expect(changed.status).toBe(409);
    expect(changed.body.errors[0]).toMatchObject({ name: 'baseCurrency', code: 'CurrencyInUse' });
  });

  it('changes the base currency and lowers the precision at once before any journal, and refuses both with a 409 naming a field after', async () => {
    const { api, base, chart } = await books();
    const first = (await api.get(`${base}/Settings`)).body;
    const raised = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 3, retainedEarningsAccountId: null, version: first.version });
    expect(raised.status, raised.text).toBe(200);
    const both = await api.put(`${base}/Settings`, { baseCurrency: 'USD', decimalPrecision: 2, retainedEarningsAccountId: null, version: raised.body.version });
    expect(both.status, both.text).toBe(200);
    const back = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 3, retainedEarningsAccountId: null, version: both.body.version });
    expect(back.status, back.text).toBe(200);
    await draft(api, base, [debit(chart.rent.id, '1'), credit(chart.bank.id, '1')]);
    const refused = await api.put(`${base}/Settings`, { baseCurrency: 'USD', decimalPrecision: 2, retainedEarningsAccountId: null, version: back.body.version });
    expect(refused.status, refused.text).toBe(409);
    expect(['baseCurrency', 'decimalPrecision']).toContain(refused.body.errors[0].name);
    expect((await api.get(`${base}/Settings`)).body).toMatchObject({ baseCurrency: 'SAR', decimalPrecision: 3 });
  });

  it('takes one account for several settings, and settings accounts sharing ancestors', async () => {
    const { api, base, chart } = await books();
    const settings = (await api.get(`${base}/Settings`)).body;
    const exchange = (await api.post(`${base}/Accounts`, { code: '3102', name: { english: 'Exchange differences', arabic: 'فروق الصرف' }, type: 'leaf', parentId: chart.equity.id })).body;
    // The retained earnings account and the exchange account share the equity root; one account serves two settings.
    const set = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: chart.retained.id, fxRoundingAccountId: exchange.id, unrealizedFxGainLossAccountId: exchange.id, version: settings.version });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ retainedEarningsAccountId: chart.retained.id, fxRoundingAccountId: exchange.id, unrealizedFxGainLossAccountId: exchange.id });
  });
});
