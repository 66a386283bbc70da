import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { accountName as name, draft, leaf, replace } from '../../support/account-requests.ts';

/**
 * An account's currency: every journal line on it must be in that currency, and it changes
 * (set, replaced or cleared) only while no journal names the account.
 * See also test/db/accounts/account-currency-race.test.ts: a currency changed between a draft's read and its commit.
 */
const gateway = useGateway();

const books = (baseCurrency = 'SAR') => companyBooks(gateway.url, baseCurrency);

describe('account currency', () => {
  it('creates a leaf with a currency, answers it, and answers null for one without', async () => {
    const { api, base, chart } = await books();

    const usd = await leaf(api, base, chart.assets.id, '1103', 'USD');

    expect(usd).toMatchObject({ code: '1103', type: 'leaf', currency: 'USD' });
    expect((await api.get(`${base}/Accounts/${usd.id}`)).body.currency).toBe('USD');
    expect((await api.get(`${base}/Accounts/${chart.cash.id}`)).body.currency).toBeNull();
    expect(chart.assets.currency).toBeNull();
  });

  it('refuses an unknown code and a currency on a category, naming currency', async () => {
    const { api, base, chart } = await books();

    const unknown = await api.post(`${base}/Accounts`, { code: '1103', name: name('x'), type: 'leaf', parentId: chart.assets.id, currency: 'XYZ' });
    const lower = await api.post(`${base}/Accounts`, { code: '1104', name: name('y'), type: 'leaf', parentId: chart.assets.id, currency: 'usd' });
    const category = await api.post(`${base}/Accounts`, { code: '12', name: name('z'), type: 'category', parentId: chart.assets.id, currency: 'USD' });
    const categoryUpdate = await replace(api, base, chart.assets, { classification: 'asset', currency: 'USD' });

    for (const refused of [unknown, lower, category, categoryUpdate]) {
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.errors[0].name).toBe('currency');
    }
    expect(category.body.errors[0].code).toBe('CategoryCurrency');
    const codes = (await api.get(`${base}/Accounts?pageSize=100`)).body.results.map((a: { code: string }) => a.code);
    expect(codes).not.toContain('1103');
    expect(codes).not.toContain('12');
  });

  it('refuses a line in another currency, naming the line, and takes a line in its currency', async () => {
    const { api, base, chart } = await books();
    const usd = await leaf(api, base, chart.assets.id, '1103', 'USD');

    const eur = await draft(api, base, [debit(chart.rent.id, '400.00'), { ...credit(usd.id, '100'), currency: 'EUR', exchangeRate: '4' }]);
    const sar = await draft(api, base, [credit(chart.sales.id, '375.00'), debit(usd.id, '375.00')]);
    const matching = await draft(api, base, [debit(chart.rent.id, '375.00'), { ...credit(usd.id, '100'), currency: 'USD', exchangeRate: '3.75' }]);

    expect(eur.status, eur.text).toBe(400);
    expect(eur.body.errors[0]).toMatchObject({ name: 'entries[1].currency', code: 'AccountCurrency' });
    expect(eur.body.errors[0].reason).toContain('USD');
    expect(sar.status, sar.text).toBe(400);
    expect(sar.body.errors[0]).toMatchObject({ name: 'entries[1].currency', code: 'AccountCurrency' });
    expect(matching.status, matching.text).toBe(200);
    expect(matching.body.entries[1]).toMatchObject({ accountId: usd.id, currency: 'USD', amount: 100, baseAmount: 375 });
    const updated = await api.put(`${base}/Journals/${matching.body.id}`, {
      date: '2026-03-10T09:00:00Z',
      entries: [debit(chart.rent.id, '400.00'), { ...credit(usd.id, '100'), currency: 'EUR', exchangeRate: '4' }],
      version: 1,
    });
    expect(updated.status, updated.text).toBe(400);
    expect(updated.body.errors[0]).toMatchObject({ name: 'entries[1].currency', code: 'AccountCurrency' });
  });

  it('takes base lines on an account in the base currency', async () => {
    const { api, base, chart } = await books('SAR');
    const sarBank = await leaf(api, base, chart.assets.id, '1103', 'SAR');

    const plain = await draft(api, base, [debit(sarBank.id, '10.00'), credit(chart.sales.id, '10.00')]);
    const explicit = await draft(api, base, [debit(sarBank.id, '10.00'), { ...credit(chart.sales.id, '10.00'), currency: 'SAR' }]);
    const usd = await draft(api, base, [{ ...debit(sarBank.id, '10'), currency: 'USD', exchangeRate: '3.75' }, credit(chart.sales.id, '37.50')]);

    expect(plain.status, plain.text).toBe(200);
    expect(plain.body.entries[0]).toMatchObject({ currency: 'SAR', exchangeRate: '1' });
    expect(explicit.status, explicit.text).toBe(200);
    expect(usd.status, usd.text).toBe(400);
    expect(usd.body.errors[0]).toMatchObject({ name: 'entries[0].currency', code: 'AccountCurrency' });
  });

  it('refuses a draft whose rounding line would land on a rounding account in another currency, naming entries', async () => {
    const { api, base, chart } = await books();
    const usdRounding = await leaf(api, base, chart.expenses.id, '5102', 'USD');
    const settings = (await api.get(`${base}/Settings`)).body;
    const set = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: null, fxRoundingAccountId: usdRounding.id, version: settings.version });
    expect(set.status, set.text).toBe(200);

    // 0.01 USD at 3.755 is 0.03755 SAR on each line: 0.04 and 0.04 against 0.08, one line short of 0.075.
    const created = await draft(api, base, [
      { ...debit(chart.cash.id, '0.01'), currency: 'USD', exchangeRate: '3.755' },
      { ...debit(chart.cash.id, '0.01'), currency: 'USD', exchangeRate: '3.755' },
      credit(chart.sales.id, '0.07'),
    ]);

    expect(created.status, created.text).toBe(400);
    expect(created.body.errors[0]).toMatchObject({ name: 'entries', code: 'AccountCurrency' });
    expect(created.body.errors[0].reason).toContain('fxRoundingAccountId');
  });

  it('changes, sets and clears the currency while no journal names the account, and keeps it when left out', async () => {
    const { api, base, chart } = await books();
    const account = await leaf(api, base, chart.assets.id, '1103', 'USD');

    const toEur = await replace(api, base, account, { currency: 'EUR' });
    const kept = await replace(api, base, toEur.body, { name: name('renamed') });
    const cleared = await replace(api, base, kept.body, { currency: null });
    const set = await replace(api, base, cleared.body, { currency: 'KWD' });

    expect(toEur.status, toEur.text).toBe(200);
    expect(toEur.body.currency).toBe('EUR');
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.currency).toBe('EUR');
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.currency).toBeNull();
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ currency: 'KWD', version: 5 });
    // The change released its hold on the account: a journal may name it at once.
    const named = await draft(api, base, [{ ...debit(account.id, '1.000'), currency: 'KWD', exchangeRate: '12.2' }, credit(chart.sales.id, '12.20')]);
    expect(named.status, named.text).toBe(200);
  });

  it('refuses a currency change, set or clear while a draft names the account, and allows it once none does', async () => {
    const { api, base, chart } = await books();
    const usd = await leaf(api, base, chart.assets.id, '1103', 'USD');
    const plain = await leaf(api, base, chart.assets.id, '1104');
    const journal = await draft(api, base, [{ ...debit(usd.id, '100'), currency: 'USD', exchangeRate: '3.75' }, credit(plain.id, '375.00')]);
    expect(journal.status, journal.text).toBe(200);

    const change = await replace(api, base, usd, { currency: 'EUR' });
    const clear = await replace(api, base, usd, { currency: null });
    const set = await replace(api, base, plain, { currency: 'SAR' });
    const rename = await replace(api, base, usd, { name: name('still USD') });

    for (const refused of [change, clear, set]) {
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.errors[0]).toMatchObject({ name: 'currency', code: 'InUse' });
    }
    expect(rename.status, rename.text).toBe(200);
    expect(rename.body.currency).toBe('USD');
    expect((await api.get(`${base}/Accounts/${plain.id}`)).body).toMatchObject({ currency: null, version: 1 });

    // The draft stops naming the account: its currency may change again.
    const moved = await api.put(`${base}/Journals/${journal.body.id}`, { date: '2026-03-10T09:00:00Z', entries: [debit(chart.bank.id, '375.00'), credit(plain.id, '375.00')], version: 1 });
    expect(moved.status, moved.text).toBe(200);
    const afterDelete = await replace(api, base, rename.body, { currency: 'EUR' });
    expect(afterDelete.status, afterDelete.text).toBe(200);
    expect(afterDelete.body.currency).toBe('EUR');
  });

  it('of a currency change and a draft naming the account at once, never commits both', async () => {
    const { api, base, chart } = await books();
    for (let round = 0; round < 4; round++) {
      const account = await leaf(api, base, chart.assets.id, `12${round}`);

      const [change, created] = await Promise.all([
        replace(api, base, account, { currency: 'USD' }),
        draft(api, base, [{ ...debit(account.id, '10'), currency: 'EUR', exchangeRate: '4' }, credit(chart.sales.id, '40.00')]),
      ]);

      expect([200, 409]).toContain(change.status);
      expect([200, 400, 409]).toContain(created.status);
      expect(change.status === 200 && created.status === 200, `${change.text} / ${created.text}`).toBe(false);
    }
  });
});
