import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';

const gateway = useGateway();

async function create(api: Client, base: string, code: string, parentId: string | null = null) {
  const response = await api.post(`${base}/CostCenters`, { code, parentId, name: { arabic: `مركز ${code}`, english: `Center ${code}` } });
  if (response.status !== 200) throw new Error(response.text);
  return response.body;
}

describe('cost centers', () => {
  it('are created active, form a hierarchy with paths, and resolve parent paths', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const hq = await create(api, base, 'HQ');
    const sales = await create(api, base, 'SALES', 'HQ');
    const riyadh = await create(api, base, 'RUH', 'HQ.SALES');

    expect(hq).toMatchObject({ path: 'HQ', status: 'active', version: 1, parentId: null });
    expect(sales).toMatchObject({ path: 'HQ.SALES', parentId: hq.id });
    expect(riyadh).toMatchObject({ path: 'HQ.SALES.RUH', parentId: sales.id });
    expect((await api.get(`${base}/CostCenters/${riyadh.id}`)).body).toEqual(riyadh);
  });

  it('follows the state table: Deactivate active -> inactive, Activate inactive -> active, each advancing the version', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const center = await create(api, base, 'OPS');

    const deactivated = await api.post(`${base}/CostCenters/${center.id}/Deactivate`, { version: center.version });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ status: 'inactive', version: center.version + 1 });

    const again = await api.post(`${base}/CostCenters/${center.id}/Deactivate`, { version: deactivated.body.version });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('InvalidState');

    const activated = await api.post(`${base}/CostCenters/${center.id}/Activate`, { version: deactivated.body.version });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ status: 'active', version: center.version + 2 });

    const activeAgain = await api.post(`${base}/CostCenters/${center.id}/Activate`, { version: activated.body.version });
    expect(activeAgain.status).toBe(409);
    expect(activeAgain.body.errors[0].code).toBe('InvalidState');
    expect((await api.get(`${base}/CostCenters/${center.id}`)).body).toMatchObject({ status: 'active', version: 3 });
  });

  it('refuses a state change with a stale or missing version', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const center = await create(api, base, 'FIN');

    const stale = await api.post(`${base}/CostCenters/${center.id}/Deactivate`, { version: center.version + 5 });
    const missing = await api.post(`${base}/CostCenters/${center.id}/Deactivate`, {});

    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].code).toBe('Conflict');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].name).toBe('version');
    expect((await api.get(`${base}/CostCenters/${center.id}`)).body.status).toBe('active');
  });

  it('keeps the status through an update, moves subtrees and recomputes paths', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const a = await create(api, base, 'A');
    const b = await create(api, base, 'B');
    const a1 = await create(api, base, 'A1', a.id);
    const leaf = await create(api, base, 'X', a1.id);
    const off = await api.post(`${base}/CostCenters/${a1.id}/Deactivate`, { version: a1.version });

    const moved = await api.put(`${base}/CostCenters/${a1.id}`, { code: 'B1', parentId: b.id, name: a1.name, version: off.body.version });

    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ path: 'B.B1', status: 'inactive' });
    expect((await api.get(`${base}/CostCenters/${leaf.id}`)).body.path).toBe('B.B1.X');
  });

  it('refuses codes with a dot and duplicate sibling codes; deletes only childless centers', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const root = await create(api, base, 'R');
    await create(api, base, 'C', root.id);

    const dotted = await api.post(`${base}/CostCenters`, { code: 'a.b', name: { arabic: 'أ', english: 'a' } });
    const duplicate = await api.post(`${base}/CostCenters`, { code: 'C', parentId: root.id, name: { arabic: 'ج', english: 'c' } });
    const withChildren = await api.delete(`${base}/CostCenters/${root.id}`, { version: root.version });

    expect(dotted.status).toBe(400);
    expect(dotted.body.errors[0].name).toBe('code');
    expect(duplicate.status).toBe(409);
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.errors[0].code).toBe('HasChildren');
  });

  it('lists with keyword and both sort orders', async () => {
    const { api, base } = await companyOwner(gateway.url);
    for (const code of ['C2', 'C1', 'C3']) await create(api, base, code);

    const desc = await api.get(`${base}/CostCenters`);
    const asc = await api.get(`${base}/CostCenters?orderBy=Code&orderAsc=true`);
    const byCreation = await api.get(`${base}/CostCenters?orderBy=CreatedAt&orderAsc=true`);
    const keyword = await api.get(`${base}/CostCenters?keyword=c3`);

    expect(desc.body.results.map((c: { code: string }) => c.code)).toEqual(['C3', 'C2', 'C1']);
    expect(asc.body.results.map((c: { code: string }) => c.code)).toEqual(['C1', 'C2', 'C3']);
    expect(byCreation.body.results.map((c: { code: string }) => c.code)).toEqual(['C2', 'C1', 'C3']);
    expect(keyword.body.results.map((c: { code: string }) => c.code)).toEqual(['C3']);
  });
});
