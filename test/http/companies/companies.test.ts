import { describe, expect, it } from 'vitest';
import { companyOwner, signedInUser, useGateway } from '../../support/api.ts';

const gateway = useGateway();

describe('companies', () => {
  it('creates a company whose creator is the owner with every permission', async () => {
    const { api } = await signedInUser(gateway.url);

    const created = await api.post('/api/v1/Companies', { name: 'شركة النور', baseCurrency: 'KWD', decimalPrecision: 3 });

    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'شركة النور', version: 1, settings: { baseCurrency: 'KWD', decimalPrecision: 3, retainedEarningsAccountId: null } });
    expect(created.body.permissions).toContain('accounts:create');
    const fetched = await api.get(`/api/v1/Companies/${created.body.id}`);
    expect(fetched.body).toMatchObject({ id: created.body.id, name: 'شركة النور' });
  });

  it('validates the create body', async () => {
    const { api } = await signedInUser(gateway.url);

    const response = await api.post('/api/v1/Companies', { name: '', baseCurrency: 'riyal', decimalPrecision: 4 });

    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { name: string }) => e.name).sort()).toEqual(['baseCurrency', 'decimalPrecision', 'name']);
  });

  it('takes only ISO 4217 codes as the base currency, at creation and in the settings', async () => {
    const { api } = await signedInUser(gateway.url);
    const owner = await companyOwner(gateway.url);

    const madeUp = await api.post('/api/v1/Companies', { name: 'Fake Co', baseCurrency: 'XYZ' });
    const gold = await api.post('/api/v1/Companies', { name: 'Gold Co', baseCurrency: 'XAU' });
    const settings = await owner.api.put(`${owner.base}/Settings`, { baseCurrency: 'ABC', decimalPrecision: 2, retainedEarningsAccountId: null, version: 1 });
    const real = await api.post('/api/v1/Companies', { name: 'Yen Co', baseCurrency: 'JPY' });

    for (const refused of [madeUp, gold, settings]) {
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ name: 'baseCurrency', reason: expect.stringContaining('ISO 4217'), code: 'ValidationError' }]);
    }
    expect(real.body.settings.baseCurrency).toBe('JPY');
    expect((await owner.api.get(`${owner.base}/Settings`)).body).toMatchObject({ baseCurrency: 'SAR', version: 1 });
  });

  it("lists only the caller's companies, paginated", async () => {
    const { api } = await signedInUser(gateway.url);
    const other = await signedInUser(gateway.url);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await api.post('/api/v1/Companies', { name: `Co ${n}`, baseCurrency: 'SAR' })).body.id);
    await other.api.post('/api/v1/Companies', { name: 'Other', baseCurrency: 'SAR' });

    const first = await api.get('/api/v1/Companies?pageSize=2&orderAsc=true');
    const second = await api.get(`/api/v1/Companies?pageSize=2&orderAsc=true&page=${encodeURIComponent(first.body.nextPage)}`);

    expect(first.body.results.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 2));
    expect(second.body.results.map((c: { id: string }) => c.id)).toEqual(ids.slice(2));
    expect(second.body.nextPage).toBeNull();
    expect(first.body.results[0].roleId).toBeTruthy();
  });

  it('reads and updates settings with versioning, and checks the retained earnings account', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const settings = (await api.get(`${base}/Settings`)).body;
    expect(settings).toMatchObject({ baseCurrency: 'SAR', decimalPrecision: 2, version: 1 });
    const equity = (await api.post(`${base}/Accounts`, { code: '3', name: { arabic: 'حقوق', english: 'Equity' }, type: 'category', classification: 'equity' })).body;
    const retained = (await api.post(`${base}/Accounts`, { code: '31', name: { arabic: 'أرباح مبقاة', english: 'Retained' }, type: 'leaf', parentId: equity.id })).body;
    const cash = (await api.post(`${base}/Accounts`, { code: '1', name: { arabic: 'نقد', english: 'Cash' }, type: 'leaf', classification: 'asset' })).body;

    const wrongAccount = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: cash.id, version: 1 });
    const category = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: equity.id, version: 1 });
    const updated = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 3, retainedEarningsAccountId: retained.id, version: 1 });
    const stale = await api.put(`${base}/Settings`, { baseCurrency: 'USD', decimalPrecision: 2, retainedEarningsAccountId: null, version: 1 });

    expect(wrongAccount.status).toBe(400);
    expect(wrongAccount.body.errors[0].name).toBe('retainedEarningsAccountId');
    expect(category.status).toBe(400);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ decimalPrecision: 3, retainedEarningsAccountId: retained.id, version: 2 });
    expect(stale.status).toBe(409);
    expect((await api.get(`${base}/Settings`)).body).toEqual(updated.body);
  });

  it('answers at the unversioned alias too', async () => {
    const { api, companyId } = await companyOwner(gateway.url);

    const response = await api.get(`/api/Companies/${companyId}/Settings`);

    expect(response.status).toBe(200);
    expect(response.body.baseCurrency).toBe('SAR');
  });
});
