import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { wholeFeed, type FeedEvent } from '../../support/feed.ts';
import { TREE_KINDS, treeRequests, type TreeNode } from '../../support/tree-requests.ts';

/** An account or a cost center named in the URL by its path of codes instead of its UUID. */
const gateway = useGateway();

/** The URL segment of a path: each code percent-encoded, the dots kept. */
const segment = (path: string) => path.split('.').map(encodeURIComponent).join('.');
/** A replace body valid for both kinds (an account's type is fixed at creation, so not in it). */
const replacement = (code: string, parentId: string | null, version: number) => ({ code, parentId, name: { arabic: `ح ${code}`, english: `N ${code}` }, version });

describe.each(TREE_KINDS)('$resource addressed by path', ({ resource, create }) => {
  const { chain } = treeRequests(resource, create);
  const at = (base: string, path: string) => `${base}/${resource}/${segment(path)}`;
  const list = async (api: Client, base: string, query: string) => {
    const response = await api.get(`${base}/${resource}?${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body as { results: TreeNode[]; nextPage: string | null };
  };

  it('reads, replaces and deletes a record named by its path, answering and recording its UUID', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const [, , leaf] = await chain(api, base, 'ص', 3);
    expect(leaf!.path).toBe('ص1.ص2.ص3');

    const read = await api.get(at(base, leaf!.path));
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual(await api.get(`${base}/${resource}/${leaf!.id}`).then((r) => r.body));

    const renamed = await api.put(at(base, leaf!.path), { ...replacement(leaf!.code, 'ص1.ص2', leaf!.version), name: { arabic: 'اسم جديد', english: 'Renamed' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ id: leaf!.id, path: leaf!.path, name: { english: 'Renamed' }, version: leaf!.version + 1 });

    const history = await api.get(`${at(base, leaf!.path)}/History`);
    expect(history.status, history.text).toBe(200);
    expect(history.body.results).toHaveLength(2);

    const deleted = await api.delete(at(base, leaf!.path), { version: renamed.body.version });
    expect(deleted.status, deleted.text).toBe(200);
    const gone = await api.get(at(base, leaf!.path));
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0]).toMatchObject({ name: 'id', code: 'NotFound' });
    // The event of a delete names its record from the URL: the UUID, not the path it was given as.
    const events = await wholeFeed<FeedEvent>(api, base);
    expect(events.filter((e) => e.type.endsWith('Deleted')).map((e) => e.recordId)).toEqual([leaf!.id]);
  });

  it('answers 404 naming id for a path that names nothing, and 400 for one that cannot name anything', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const [root] = await chain(api, base, 'R', 1);

    for (const missing of [await api.get(at(base, 'R1.missing')), await api.put(at(base, 'nothing'), replacement('x', null, 1)), await api.delete(at(base, 'R1.R2'), { version: 1 })]) {
      expect(missing.status, missing.text).toBe(404);
      expect(missing.body.errors).toEqual([{ name: 'id', reason: expect.stringContaining('was not found'), code: 'NotFound' }]);
    }
    const malformed = await api.get(`${base}/${resource}/R1..R2`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].name).toBe('id');
    // The root itself is untouched by the refused writes.
    expect((await api.get(at(base, 'R1'))).body).toEqual(root);
  });

  it('filters the list by exact path and by exact code', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const [a] = await chain(api, base, 'A', 1);
    const [b] = await chain(api, base, 'B', 1);
    const [underA] = await chain(api, base, '0', 1, a!.id);
    const [underB] = await chain(api, base, '0', 1, b!.id);
    const ids = (page: { results: TreeNode[] }) => page.results.map((n) => n.id).sort();

    expect((await list(api, base, `path=${segment('A1.01')}`)).results).toEqual([underA]);
    expect((await list(api, base, 'path=A1')).results).toEqual([a]);
    for (const nothing of ['A1.1', 'a1.01', 'A1.01.x', 'C1']) expect((await list(api, base, `path=${nothing}`)).results, nothing).toEqual([]);
    expect(ids(await list(api, base, 'code=01'))).toEqual([underA!.id, underB!.id].sort());
    expect(ids(await list(api, base, 'code=01&orderBy=CreatedAt'))).toEqual([underA!.id, underB!.id].sort());
    expect((await list(api, base, 'code=1')).results).toEqual([]);
    // The filters combine: a path and a code that disagree name nothing.
    expect((await list(api, base, 'path=A1.01&code=01')).results).toEqual([underA]);
    expect((await list(api, base, 'path=A1.01&code=A1')).results).toEqual([]);

    // A code page by page, in code order, the cursor bound to the filter.
    const first = await list(api, base, 'code=01&pageSize=1&orderAsc=true');
    expect(first.results).toHaveLength(1);
    const second = await list(api, base, `code=01&pageSize=1&orderAsc=true&page=${encodeURIComponent(first.nextPage!)}`);
    expect([...first.results, ...second.results].map((n) => n.id).sort()).toEqual([underA!.id, underB!.id].sort());
    expect(second.nextPage).toBeNull();
    const otherFilter = await api.get(`${base}/${resource}?code=A1&pageSize=1&orderAsc=true&page=${encodeURIComponent(first.nextPage!)}`);
    expect(otherFilter.status).toBe(400);
    expect(otherFilter.body.errors[0]).toMatchObject({ name: 'page', code: 'InvalidCursor' });

    const malformed = await api.get(`${base}/${resource}?path=A1..01`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].name).toBe('path');
  });

  it("never resolves another company's path: not in the URL, not in the list filters", async () => {
    const first = await companyOwner(gateway.url);
    const second = await companyOwner(gateway.url);
    const [secret] = await chain(first.api, first.base, 'S', 1);

    for (const response of [await second.api.get(at(second.base, 'S1')), await second.api.put(at(second.base, 'S1'), replacement('T1', null, 1)), await second.api.delete(at(second.base, 'S1'), { version: 1 })]) {
      expect(response.status).toBe(404);
      expect(response.body.errors[0]).toMatchObject({ name: 'id', code: 'NotFound' });
    }
    expect((await list(second.api, second.base, 'path=S1')).results).toEqual([]);
    expect((await list(second.api, second.base, 'code=S1')).results).toEqual([]);
    expect((await first.api.get(at(first.base, 'S1'))).body).toEqual(secret);

    // The same path in each company names each company's own record.
    const [own] = await chain(second.api, second.base, 'S', 1);
    expect((await second.api.get(at(second.base, 'S1'))).body.id).toBe(own!.id);
    expect(own!.id).not.toBe(secret!.id);
  });
});

describe('cost center state changes by path', () => {
  it('deactivates and activates a cost center named by its path', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const hq = (await api.post(`${base}/CostCenters`, { code: 'HQ', name: { arabic: 'رئيسي', english: 'HQ' } })).body;

    const off = await api.post(`${base}/CostCenters/HQ/Deactivate`, { version: hq.version });
    const on = await api.post(`${base}/CostCenters/HQ/Activate`, { version: off.body.version });
    const missing = await api.post(`${base}/CostCenters/HQ.x/Activate`, { version: on.body.version });

    expect(off.body).toMatchObject({ id: hq.id, status: 'inactive' });
    expect(on.body).toMatchObject({ id: hq.id, status: 'active', version: hq.version + 2 });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({ name: 'id', code: 'NotFound' });
  });
});
