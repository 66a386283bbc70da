import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { companyOwner, signedInUser, useGateway } from '../../support/api.ts';
import { history } from '../../support/record-history.ts';

/** Counterparties through the API: countries, registration numbers by country, replace by version, history. */
const gateway = useGateway();

const riyadh = { name: { english: 'Riyadh Trading Co.', arabic: 'شركة الرياض للتجارة' }, country: 'SA', taxRegistrationNumber: '310987654300003' };
const dubai = { name: { english: 'Dubai Supplies LLC', arabic: 'دبي للتوريدات' }, country: 'AE', taxRegistrationNumber: '100123456700003' };
const names = (page: { body: { results: Array<{ name: { english: string } }> } }) => page.body.results.map((c) => c.name.english);

describe('counterparties', () => {
  it('creates, reads, lists with filters, replaces by version and keeps every version as history with its events', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const created = await api.post(`${base}/Counterparties`, riyadh);
    const supplier = await api.post(`${base}/Counterparties`, dubai);
    const abroad = await api.post(`${base}/Counterparties`, { name: { english: 'London Parts Ltd', arabic: 'لندن للقطع' }, country: 'GB', taxRegistrationNumber: 'GB-123456789' });

    expect(created.status, created.text).toBe(200);
    expect(supplier.status, supplier.text).toBe(200);
    expect(abroad.status, abroad.text).toBe(200);
    expect(created.body).toMatchObject({ ...riyadh, active: true, version: 1 });
    expect((await api.get(`${base}/Counterparties/${created.body.id}`)).body).toEqual(created.body);
    expect(names(await api.get(`${base}/Counterparties?orderAsc=true`))).toEqual(['Riyadh Trading Co.', 'Dubai Supplies LLC', 'London Parts Ltd']);
    expect(names(await api.get(`${base}/Counterparties?country=AE`))).toEqual(['Dubai Supplies LLC']);
    expect(names(await api.get(`${base}/Counterparties?keyword=${encodeURIComponent('الرياض')}`))).toEqual(['Riyadh Trading Co.']);

    const replaced = await api.put(`${base}/Counterparties/${created.body.id}`, { ...riyadh, country: 'AE', taxRegistrationNumber: null, active: false, version: 1 });
    const stale = await api.put(`${base}/Counterparties/${created.body.id}`, { ...riyadh, version: 1 });

    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ country: 'AE', taxRegistrationNumber: null, active: false, version: 2 });
    expect(stale.status).toBe(409);
    expect(names(await api.get(`${base}/Counterparties?country=AE&active=true`))).toEqual(['Dubai Supplies LLC']);
    const versions = await history(api, `${base}/Counterparties/${created.body.id}`);
    expect(versions.map((v) => [v.type, v.version])).toEqual([['CounterpartyCreated', 1], ['CounterpartyChanged', 2]]);
    expect(versions[1]!.state).toEqual(replaced.body);
    const verified = await api.get(`${base}/Audit/Verify`);
    expect(verified.body, verified.text).toMatchObject({ verified: true, firstBrokenSequence: null });
  });

  it('refuses a country that is not ISO 3166-1 and a number out of its country’s form, naming the field and writing nothing', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const refusal = async (body: Record<string, unknown>) => {
      const r = await api.post(`${base}/Counterparties`, { ...riyadh, ...body });
      expect(r.status, r.text).toBe(400);
      return r.body.errors[0].name;
    };

    expect(await refusal({ country: 'XX' })).toBe('country');
    expect(await refusal({ country: 'sa' })).toBe('country');
    expect(await refusal({ country: 'UK', taxRegistrationNumber: null })).toBe('country');
    expect(await refusal({ taxRegistrationNumber: '300000000000001' })).toBe('taxRegistrationNumber');
    expect(await refusal({ country: 'AE', taxRegistrationNumber: '10012345670000' })).toBe('taxRegistrationNumber');
    expect(await refusal({ country: 'GB', taxRegistrationNumber: 'GB 123' })).toBe('taxRegistrationNumber');
    expect((await api.get(`${base}/Counterparties`)).body.results).toEqual([]);
    expect((await api.get(`${base}/Counterparties?country=ZX`)).status).toBe(400);
  });

  it('lets a viewer read counterparties but not manage them', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const viewer = await signedInUser(gateway.url);
    await api.post(`${base}/Members`, { email: viewer.user.email, roleId: ROLES.find((r) => r.name === 'viewer')!.id });
    const created = (await api.post(`${base}/Counterparties`, dubai)).body;

    expect((await viewer.api.get(`${base}/Counterparties/${created.id}`)).status).toBe(200);
    expect((await viewer.api.post(`${base}/Counterparties`, riyadh)).status).toBe(403);
    expect((await viewer.api.put(`${base}/Counterparties/${created.id}`, { ...dubai, version: created.version })).status).toBe(403);
    expect((await api.get(`${base}/Counterparties`)).body.results).toHaveLength(1);
  });
});
