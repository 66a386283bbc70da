import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createExchangeRateOps, rateInEffect } from '../../../shared/db/stores/exchange-rate-store.ts';
import { transactWrite } from '../../../shared/db/table/transact.ts';
import { baseCurrencyRefused } from '../../../shared/exchange-rates/rules.ts';
import { companyOwner, useGateway } from '../../support/api.ts';

/** The rate store: its check at commit, and the query that finds the rate in effect on a day (test/http/exchange-rates/exchange-rates.test.ts goes through the API). */
const gateway = useGateway();

type Owner = Awaited<ReturnType<typeof companyOwner>>;

async function createRate(owner: Owner, currency: string, date: string, rate: string | number) {
  const r = await owner.api.post(`${owner.base}/ExchangeRates`, { currency, date, rate });
  if (r.status !== 200) throw new Error(r.text);
  return r.body;
}

describe('exchange rate store', () => {
  it('checks at commit that the currency is not the base currency, so a settings change racing a create cannot slip one in', async () => {
    const owner = await companyOwner(gateway.url, { baseCurrency: 'SAR' });
    const settings = (await owner.api.get(`${owner.base}/Settings`)).body;
    const now = new Date().toISOString();
    const usd = { companyId: owner.companyId, rateId: randomUUID(), currency: 'USD', date: '2026-03-01', rate: '3.75', version: 1, createdAt: now, updatedAt: now };
    // The create read SAR as the base; the base became USD before it committed.
    const rebased = await owner.api.put(`${owner.base}/Settings`, { ...settings, baseCurrency: 'USD', updatedAt: undefined });
    expect(rebased.body.baseCurrency).toBe('USD');

    const refused = await transactWrite(createExchangeRateOps(usd, baseCurrencyRefused)).catch((error: unknown) => error);

    expect(refused).toMatchObject({ status: 400, items: [{ name: 'currency', code: 'BaseCurrency' }] });
    expect((await owner.api.get(`${owner.base}/ExchangeRates`)).body.results).toEqual([]);
  });

  it('finds the rate in effect on a date: the latest dated on or before it, for that currency only', async () => {
    const owner = await companyOwner(gateway.url, { baseCurrency: 'KWD', decimalPrecision: 3 });
    const jan1 = await createRate(owner, 'USD', '2026-01-01', '0.3071');
    const jan15 = await createRate(owner, 'USD', '2026-01-15', '0.3075');
    await createRate(owner, 'USD', '2026-02-01', '0.308');
    await createRate(owner, 'EUR', '2026-01-10', '0.33');
    // Neighbours in key order (UGX before USD, USN after it) never answer for USD.
    await createRate(owner, 'UGX', '2025-12-31', '0.00008');
    await createRate(owner, 'USN', '2025-12-31', '0.307');
    const inEffect = async (currency: string, date: string) => (await rateInEffect(owner.companyId, currency, date))?.rate;

    expect(await inEffect('USD', '2025-12-31')).toBeUndefined();
    expect(await inEffect('USD', '1000-01-01')).toBeUndefined();
    expect(await inEffect('USD', '2026-01-01')).toBe('0.3071');
    expect(await inEffect('USD', '2026-01-14')).toBe('0.3071');
    expect(await inEffect('USD', '2026-01-15')).toBe('0.3075');
    expect(await inEffect('USD', '2026-03-31')).toBe('0.308');
    expect(await inEffect('EUR', '2026-01-09')).toBeUndefined();
    expect(await inEffect('EUR', '9999-12-31')).toBe('0.33');
    expect(await inEffect('GBP', '2026-06-01')).toBeUndefined();
    expect(await rateInEffect(randomUUID(), 'USD', '2026-06-01')).toBeUndefined();

    // A change applies at once; a deleted rate hands over to the one before it.
    await owner.api.put(`${owner.base}/ExchangeRates/${jan1.id}`, { rate: '0.3072', version: 1 });
    await owner.api.delete(`${owner.base}/ExchangeRates/${jan15.id}`, { version: 1 });
    expect(await rateInEffect(owner.companyId, 'USD', '2026-01-20')).toMatchObject({ rateId: jan1.id, currency: 'USD', date: '2026-01-01', rate: '0.3072', version: 2 });
  });
});
