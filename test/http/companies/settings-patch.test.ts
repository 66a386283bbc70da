import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';

/** The settings change as a JSON Merge Patch: one field at a time, accounts by path. */
const gateway = useGateway();

const name = (code: string) => ({ arabic: `ح ${code}`, english: `A ${code}` });

/** Expenses 5 > 51 > 5201 (leaf) and equity 3 > 31 (leaf), by path. */
async function chart(api: Client, base: string) {
  const post = async (body: Record<string, unknown>) => {
    const response = await api.post(`${base}/Accounts`, { name: name(String(body.code)), ...body });
    if (response.status !== 200) throw new Error(response.text);
    return response.body as { id: string };
  };
  await post({ code: '5', type: 'category', classification: 'expense' });
  const expenses = await post({ code: '51', type: 'category', parentId: '5' });
  const unrealized = await post({ code: '5201', type: 'leaf', parentId: '5.51' });
  await post({ code: '3', type: 'category', classification: 'equity' });
  const retained = await post({ code: '31', type: 'leaf', parentId: '3' });
  return { expenses, unrealized, retained };
}

describe('settings as a merge patch', () => {
  it('changes one field named by path, leaving every other as it was', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const { unrealized } = await chart(api, base);
    const before = (await api.get(`${base}/Settings`)).body;

    const changed = await api.put(`${base}/Settings`, { unrealizedFxGainLossAccountId: '5.51.5201', version: before.version });

    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ ...before, unrealizedFxGainLossAccountId: unrealized.id, version: before.version + 1, updatedAt: expect.any(String) });
    expect((await api.get(`${base}/Settings`)).body).toEqual(changed.body);
  });

  it('keeps a left-out field, clears a nullable one sent as null, and takes the full body as before', async () => {
    const { api, base, token } = await companyOwner(gateway.url);
    const { unrealized, retained } = await chart(api, base);
    const full = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 3, retainedEarningsAccountId: '3.31', fxRoundingAccountId: unrealized.id, unrealizedFxGainLossAccountId: '5.51.5201', version: 1 });
    expect(full.status, full.text).toBe(200);
    expect(full.body).toMatchObject({ decimalPrecision: 3, retainedEarningsAccountId: retained.id, fxRoundingAccountId: unrealized.id, unrealizedFxGainLossAccountId: unrealized.id, version: 2 });

    // Sent as application/merge-patch+json, its own media type.
    const cleared = await fetch(`${gateway.url()}${base}/Settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ fxRoundingAccountId: null, version: 2 }),
    });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ decimalPrecision: 3, retainedEarningsAccountId: retained.id, fxRoundingAccountId: null, unrealizedFxGainLossAccountId: unrealized.id, version: 3 });

    const versionOnly = await api.put(`${base}/Settings`, { version: 3 });
    expect(versionOnly.body).toMatchObject({ baseCurrency: 'SAR', decimalPrecision: 3, retainedEarningsAccountId: retained.id, fxRoundingAccountId: null, version: 4 });
  });

  it('names the field of each refusal, and changes nothing', async () => {
    const { api, base } = await companyOwner(gateway.url);
    await chart(api, base);
    const refusals: Array<[body: Record<string, unknown>, status: number, field: string, code: string]> = [
      [{ unrealizedFxGainLossAccountId: '5.51.9999', version: 1 }, 404, 'unrealizedFxGainLossAccountId', 'NotFound'],
      [{ fxRoundingAccountId: '00000000-0000-4000-8000-000000000000', version: 1 }, 404, 'fxRoundingAccountId', 'NotFound'],
      [{ retainedEarningsAccountId: '5.51.5201', version: 1 }, 400, 'retainedEarningsAccountId', 'ValidationError'],
      [{ fxRoundingAccountId: '5.51', version: 1 }, 400, 'fxRoundingAccountId', 'ValidationError'],
      [{ unrealizedFxGainLossAccountId: '5..51', version: 1 }, 400, 'unrealizedFxGainLossAccountId', 'ValidationError'],
      [{ baseCurrency: null, version: 1 }, 400, 'baseCurrency', 'ValidationError'],
      [{ decimalPrecision: 4, version: 1 }, 400, 'decimalPrecision', 'ValidationError'],
      [{ unrealizedFxGainLossAccountId: '5.51.5201' }, 400, 'version', 'ValidationError'],
      [{ unrealizedFxGainLossAccountId: '5.51.5201', version: 7 }, 409, 'version', 'Conflict'],
    ];
    for (const [body, status, field, code] of refusals) {
      const response = await api.put(`${base}/Settings`, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.errors, JSON.stringify(body)).toEqual([{ name: field, reason: expect.any(String), code }]);
    }
    const clearCurrency = await api.put(`${base}/Settings`, { baseCurrency: null, version: 1 });
    expect(clearCurrency.body.errors[0].reason).toBe('cannot be cleared (null); leave it out to keep it');
    expect((await api.get(`${base}/Settings`)).body).toMatchObject({ retainedEarningsAccountId: null, fxRoundingAccountId: null, unrealizedFxGainLossAccountId: null, version: 1 });
  });

  it("never resolves another company's path", async () => {
    const first = await companyOwner(gateway.url);
    const second = await companyOwner(gateway.url);
    await chart(first.api, first.base);

    const response = await second.api.put(`${second.base}/Settings`, { unrealizedFxGainLossAccountId: '5.51.5201', version: 1 });

    expect(response.status).toBe(404);
    expect(response.body.errors[0]).toMatchObject({ name: 'unrealizedFxGainLossAccountId', code: 'NotFound' });
    expect((await second.api.get(`${second.base}/Settings`)).body).toMatchObject({ unrealizedFxGainLossAccountId: null, version: 1 });
  });
});
