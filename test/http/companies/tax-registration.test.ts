import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';

/** The company's tax registration in its settings: jurisdiction, registration number in its form, the UAE's Emirate. */
const gateway = useGateway();

describe('tax registration', () => {
  it('starts empty, takes a Saudi VAT number and a UAE TRN with its Emirate, and clears them with null', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const fresh = (await api.get(`${base}/Settings`)).body;
    expect(fresh).toMatchObject({ taxJurisdiction: null, taxRegistrationNumber: null, defaultEmirate: null });

    const saudi = await api.put(`${base}/Settings`, { taxJurisdiction: 'SA', taxRegistrationNumber: '300000000000003', version: fresh.version });
    expect(saudi.status, saudi.text).toBe(200);
    expect(saudi.body).toEqual({ ...fresh, taxJurisdiction: 'SA', taxRegistrationNumber: '300000000000003', version: fresh.version + 1, updatedAt: expect.any(String) });

    const emirati = await api.put(`${base}/Settings`, { taxJurisdiction: 'AE', taxRegistrationNumber: '100123456700003', defaultEmirate: 'DU', version: saudi.body.version });
    expect(emirati.status, emirati.text).toBe(200);
    expect((await api.get(`${base}/Settings`)).body).toMatchObject({ taxJurisdiction: 'AE', taxRegistrationNumber: '100123456700003', defaultEmirate: 'DU' });

    const cleared = await api.put(`${base}/Settings`, { taxJurisdiction: null, taxRegistrationNumber: null, defaultEmirate: null, version: emirati.body.version });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ taxJurisdiction: null, taxRegistrationNumber: null, defaultEmirate: null, baseCurrency: fresh.baseCurrency });
  });

  it('refuses a number out of its form, a number without a jurisdiction, an Emirate outside the UAE, naming the field and writing nothing', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const { version } = (await api.get(`${base}/Settings`)).body;
    const refusal = async (body: Record<string, unknown>) => {
      const r = await api.put(`${base}/Settings`, { ...body, version });
      expect(r.status, r.text).toBe(400);
      return r.body.errors.map((e: { name: string }) => e.name);
    };

    // A Saudi number is 15 digits beginning and ending with 3; a TRN is 15 digits.
    expect(await refusal({ taxJurisdiction: 'SA', taxRegistrationNumber: '310000000000004' })).toEqual(['taxRegistrationNumber']);
    expect(await refusal({ taxJurisdiction: 'SA', taxRegistrationNumber: '30000000000003' })).toEqual(['taxRegistrationNumber']);
    expect(await refusal({ taxJurisdiction: 'AE', taxRegistrationNumber: '10012345670000A' })).toEqual(['taxRegistrationNumber']);
    expect(await refusal({ taxRegistrationNumber: '300000000000003' })).toEqual(['taxRegistrationNumber']);
    expect(await refusal({ taxJurisdiction: 'SA', defaultEmirate: 'DU' })).toEqual(['defaultEmirate']);
    expect(await refusal({ taxJurisdiction: 'QA' })).toEqual(['taxJurisdiction']);
    expect(await refusal({ taxJurisdiction: 'AE', defaultEmirate: 'XX' })).toEqual(['defaultEmirate']);

    expect((await api.get(`${base}/Settings`)).body).toMatchObject({ taxJurisdiction: null, taxRegistrationNumber: null, defaultEmirate: null, version });
  });

  it('checks the number kept when the jurisdiction changes, and the Emirate kept when it leaves the UAE', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const { version } = (await api.get(`${base}/Settings`)).body;
    const emirati = await api.put(`${base}/Settings`, { taxJurisdiction: 'AE', taxRegistrationNumber: '100123456700001', defaultEmirate: 'AZ', version });
    expect(emirati.status, emirati.text).toBe(200);

    // The TRN kept is not a Saudi number; the Emirate kept is the UAE's.
    const toSaudi = await api.put(`${base}/Settings`, { taxJurisdiction: 'SA', defaultEmirate: null, version: emirati.body.version });
    expect(toSaudi.status).toBe(400);
    expect(toSaudi.body.errors[0].name).toBe('taxRegistrationNumber');
    const emirateKept = await api.put(`${base}/Settings`, { taxJurisdiction: 'SA', taxRegistrationNumber: '300000000000003', version: emirati.body.version });
    expect(emirateKept.status).toBe(400);
    expect(emirateKept.body.errors[0].name).toBe('defaultEmirate');
    const dropped = await api.put(`${base}/Settings`, { taxJurisdiction: null, version: emirati.body.version });
    expect(dropped.status).toBe(400);
    expect(dropped.body.errors[0].name).toBe('taxRegistrationNumber');

    expect((await api.get(`${base}/Settings`)).body).toMatchObject({ taxJurisdiction: 'AE', taxRegistrationNumber: '100123456700001', defaultEmirate: 'AZ', version: emirati.body.version });
  });
});
