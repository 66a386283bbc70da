import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';

/** How long the company's documents and archived events are kept: a setting of its own, at least its jurisdiction's minimum. */
const gateway = useGateway();

describe('document retention', () => {
  it('starts at the minimum without a jurisdiction (6 years), rises to the UAE’s 7 with it, takes more, and goes back to the minimum with null', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const fresh = (await api.get(`${base}/Settings`)).body;
    expect(fresh.documentRetentionYears).toBe(6);

    const saudi = await api.put(`${base}/Settings`, { taxJurisdiction: 'SA', version: fresh.version });
    expect(saudi.status, saudi.text).toBe(200);
    expect(saudi.body.documentRetentionYears).toBe(6);
    // The UAE asks 7: the years kept rise with the jurisdiction.
    const emirati = await api.put(`${base}/Settings`, { taxJurisdiction: 'AE', version: saudi.body.version });
    expect(emirati.status, emirati.text).toBe(200);
    expect(emirati.body.documentRetentionYears).toBe(7);
    const longer = await api.put(`${base}/Settings`, { documentRetentionYears: 10, version: emirati.body.version });
    expect(longer.status, longer.text).toBe(200);
    expect((await api.get(`${base}/Settings`)).body).toMatchObject({ taxJurisdiction: 'AE', documentRetentionYears: 10, version: longer.body.version });
    // Back to Saudi Arabia: the ten years stay, never lowered but by a patch that says so.
    const back = await api.put(`${base}/Settings`, { taxJurisdiction: 'SA', version: longer.body.version });
    expect(back.body.documentRetentionYears).toBe(10);
    const minimum = await api.put(`${base}/Settings`, { documentRetentionYears: null, version: back.body.version });
    expect(minimum.status, minimum.text).toBe(200);
    expect(minimum.body.documentRetentionYears).toBe(6);
  });

  it('refuses fewer years than the jurisdiction asks, naming the field and writing nothing', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const { version } = (await api.get(`${base}/Settings`)).body;
    const refusal = async (body: Record<string, unknown>) => {
      const r = await api.put(`${base}/Settings`, { ...body, version });
      expect(r.status, r.text).toBe(400);
      return r.body.errors.map((e: { name: string; reason: string }) => `${e.name}: ${e.reason}`);
    };

    expect(await refusal({ documentRetentionYears: 5 })).toEqual([expect.stringMatching(/^documentRetentionYears: must be at least 6 years without a taxJurisdiction/)]);
    expect(await refusal({ taxJurisdiction: 'AE', documentRetentionYears: 6 })).toEqual([expect.stringMatching(/^documentRetentionYears: must be at least 7 years in AE/)]);
    expect(await refusal({ documentRetentionYears: 0 })).toEqual([expect.stringMatching(/^documentRetentionYears: /)]);
    expect(await refusal({ documentRetentionYears: 6.5 })).toEqual([expect.stringMatching(/^documentRetentionYears: /)]);

    expect((await api.get(`${base}/Settings`)).body).toMatchObject({ taxJurisdiction: null, documentRetentionYears: 6, version });
  });
});
