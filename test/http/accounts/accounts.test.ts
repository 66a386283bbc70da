import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';

const gateway = useGateway();

const name = (english: string, arabic = `حساب ${english}`) => ({ arabic, english });

async function create(api: Client, base: string, body: Record<string, unknown>) {
  const response = await api.post(`${base}/Accounts`, { name: name(String(body.code)), ...body });
  if (response.status !== 200) throw new Error(`create ${String(body.code)}: ${response.text}`);
  return response.body;
}

describe('accounts', () => {
  it('creates a root, a category child and a leaf, with paths and inherited classification', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const assets = await create(api, base, { code: '1', type: 'category', classification: 'asset' });
    const current = await create(api, base, { code: '11', type: 'category', parentId: assets.id });
    const cash = await create(api, base, { code: '1101', type: 'leaf', parentId: '1.11' });

    expect(assets).toMatchObject({ code: '1', path: '1', parentId: null, type: 'category', classification: 'asset', version: 1 });
    expect(current).toMatchObject({ path: '1.11', parentId: assets.id, classification: 'asset' });
    expect(cash).toMatchObject({ path: '1.11.1101', parentId: current.id, classification: 'asset', type: 'leaf' });
    const fetched = await api.get(`${base}/Accounts/${cash.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(cash);
  });

  it('refuses a leaf parent, a changed classification, a missing root classification and an unknown parent path', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const root = await create(api, base, { code: '4', type: 'category', classification: 'revenue' });
    await create(api, base, { code: '401', type: 'leaf', parentId: root.id });

    const underLeaf = await api.post(`${base}/Accounts`, { code: 'x', name: name('x'), type: 'leaf', parentId: '4.401' });
    const wrongClass = await api.post(`${base}/Accounts`, { code: 'y', name: name('y'), type: 'leaf', parentId: root.id, classification: 'asset' });
    const noClass = await api.post(`${base}/Accounts`, { code: 'z', name: name('z'), type: 'leaf' });
    const unknownParent = await api.post(`${base}/Accounts`, { code: 'w', name: name('w'), type: 'leaf', parentId: '4.999' });

    expect(underLeaf.status).toBe(400);
    expect(underLeaf.body.errors[0]).toMatchObject({ name: 'parentId', code: 'ParentNotCategory' });
    expect(wrongClass.status).toBe(400);
    expect(wrongClass.body.errors[0].name).toBe('classification');
    expect(noClass.status).toBe(400);
    expect(noClass.body.errors[0].name).toBe('classification');
    expect(unknownParent.status).toBe(404);
    expect(unknownParent.body.errors[0]).toMatchObject({ name: 'parentId', code: 'NotFound' });
    const list = await api.get(`${base}/Accounts?pageSize=100`);
    expect(list.body.results.map((a: { code: string }) => a.code).sort()).toEqual(['4', '401']);
  });

  it('keeps sibling codes unique but allows the same code under different parents', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const a = await create(api, base, { code: 'A', type: 'category', classification: 'asset' });
    const b = await create(api, base, { code: 'B', type: 'category', classification: 'asset' });
    await create(api, base, { code: '01', type: 'leaf', parentId: a.id });

    const duplicate = await api.post(`${base}/Accounts`, { code: '01', name: name('dup'), type: 'leaf', parentId: a.id });
    const elsewhere = await api.post(`${base}/Accounts`, { code: '01', name: name('ok'), type: 'leaf', parentId: b.id });
    const duplicateRoot = await api.post(`${base}/Accounts`, { code: 'A', name: name('A2'), type: 'category', classification: 'asset' });

    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors[0]).toMatchObject({ name: 'code', code: 'DuplicateCode' });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.path).toBe('B.01');
    expect(duplicateRoot.status).toBe(409);
  });

  it('recomputes the path of every descendant after a code change and after a move', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const root = await create(api, base, { code: '1', type: 'category', classification: 'asset' });
    const other = await create(api, base, { code: '2', type: 'category', classification: 'liability' });
    const mid = await create(api, base, { code: '10', type: 'category', parentId: root.id });
    const leaf = await create(api, base, { code: '100', type: 'leaf', parentId: mid.id });

    const renamed = await api.put(`${base}/Accounts/${root.id}`, { code: '9', name: root.name, version: root.version, classification: 'asset' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ path: '9', version: root.version + 1 });
    expect((await api.get(`${base}/Accounts/${leaf.id}`)).body.path).toBe('9.10.100');
    expect((await api.get(`${base}/Accounts?keyword=100`)).body.results[0].path).toBe('9.10.100');

    const moved = await api.put(`${base}/Accounts/${mid.id}`, { code: '10', name: mid.name, parentId: '2', version: mid.version });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ path: '2.10', parentId: other.id, classification: 'liability' });
    const leafAfter = (await api.get(`${base}/Accounts/${leaf.id}`)).body;
    expect(leafAfter).toMatchObject({ path: '2.10.100', classification: 'liability', version: leaf.version });
    // The old path no longer resolves; the new one does.
    const viaOld = await api.post(`${base}/Accounts`, { code: 'x', name: name('x'), type: 'leaf', parentId: '9.10' });
    expect(viaOld.status).toBe(404);
    const viaNew = await api.post(`${base}/Accounts`, { code: 'x', name: name('x'), type: 'leaf', parentId: '2.10' });
    expect(viaNew.body.path).toBe('2.10.x');
  });

  it('refuses a move under itself or a descendant, and keeps the tree unchanged', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const root = await create(api, base, { code: 'R', type: 'category', classification: 'expense' });
    const child = await create(api, base, { code: 'C', type: 'category', parentId: root.id });

    const underChild = await api.put(`${base}/Accounts/${root.id}`, { code: 'R', name: root.name, parentId: child.id, version: root.version });
    const underSelf = await api.put(`${base}/Accounts/${child.id}`, { code: 'C', name: child.name, parentId: child.id, version: child.version });

    expect(underChild.status).toBe(400);
    expect(underChild.body.errors[0]).toMatchObject({ name: 'parentId', code: 'Cycle' });
    expect(underSelf.status).toBe(400);
    expect((await api.get(`${base}/Accounts/${root.id}`)).body).toEqual(root);
  });

  it('answers a stale version with 409 Conflict and changes nothing', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const account = await create(api, base, { code: '5', type: 'category', classification: 'expense' });
    const first = await api.put(`${base}/Accounts/${account.id}`, { code: '5', name: name('Expenses'), version: account.version });
    expect(first.status).toBe(200);

    const stale = await api.put(`${base}/Accounts/${account.id}`, { code: '6', name: name('Stale'), version: account.version });

    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].code).toBe('Conflict');
    const current = (await api.get(`${base}/Accounts/${account.id}`)).body;
    expect(current).toMatchObject({ code: '5', version: first.body.version, name: name('Expenses') });
  });

  it('lets exactly one of two concurrent updates with the same version win', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const account = await create(api, base, { code: '7', type: 'category', classification: 'equity' });

    const results = await Promise.all(
      ['7a', '7b'].map((code) => api.put(`${base}/Accounts/${account.id}`, { code, name: account.name, version: account.version })),
    );

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body;
    expect((await api.get(`${base}/Accounts/${account.id}`)).body).toMatchObject({ code: winner.code, version: 2 });
    // The loser's code is free: its edge was never written.
    const loserCode = winner.code === '7a' ? '7b' : '7a';
    expect((await api.post(`${base}/Accounts`, { code: loserCode, name: name('n'), type: 'leaf', classification: 'equity' })).status).toBe(200);
  });

  it('refuses to delete an account with children, then deletes it once they are gone', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const root = await create(api, base, { code: '3', type: 'category', classification: 'equity' });
    const child = await create(api, base, { code: '31', type: 'leaf', parentId: root.id });

    const refused = await api.delete(`${base}/Accounts/${root.id}`, { version: root.version });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('HasChildren');

    const stale = await api.delete(`${base}/Accounts/${child.id}`, { version: child.version + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].code).toBe('Conflict');

    expect((await api.delete(`${base}/Accounts/${child.id}`, { version: child.version })).status).toBe(200);
    const deleted = await api.delete(`${base}/Accounts/${root.id}`, { version: root.version });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await api.get(`${base}/Accounts/${root.id}`)).status).toBe(404);
    // Its code is free again.
    expect((await api.post(`${base}/Accounts`, { code: '3', name: name('3'), type: 'category', classification: 'equity' })).status).toBe(200);
  });

  it('requires version on delete and update', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const account = await create(api, base, { code: '8', type: 'leaf', classification: 'asset' });

    const del = await api.delete(`${base}/Accounts/${account.id}`);
    const put = await api.put(`${base}/Accounts/${account.id}`, { code: '8', name: account.name });

    expect(del.status).toBe(400);
    expect(del.body.errors[0].name).toBe('version');
    expect(put.status).toBe(400);
    expect(put.body.errors[0].name).toBe('version');
  });

  it('finds accounts by keyword over code and both names, folding Arabic', async () => {
    const { api, base } = await companyOwner(gateway.url);
    await create(api, base, { code: '1', type: 'category', classification: 'asset', name: { arabic: 'الأُصُول', english: 'Assets' } });
    await create(api, base, { code: '2', type: 'category', classification: 'liability', name: { arabic: 'الخُصُوم', english: 'Liabilities' } });
    await create(api, base, { code: '1101', type: 'leaf', parentId: '1', name: { arabic: 'الصندوق', english: 'Petty Cash' } });

    const codes = async (keyword: string) =>
      (await api.get(`${base}/Accounts?keyword=${encodeURIComponent(keyword)}`)).body.results.map((a: { code: string }) => a.code).sort();

    expect(await codes('اصول')).toEqual(['1']);
    expect(await codes('الخصوم')).toEqual(['2']);
    expect(await codes('petty')).toEqual(['1101']);
    expect(await codes('110')).toEqual(['1101']);
    expect(await codes('nothing-like-this')).toEqual([]);
  });

  it('returns 404 for an account of another company and never lists it', async () => {
    const first = await companyOwner(gateway.url);
    const second = await companyOwner(gateway.url);
    const secret = await create(first.api, first.base, { code: 'S', type: 'leaf', classification: 'asset' });

    const crossGet = await second.api.get(`${second.base}/Accounts/${secret.id}`);
    const crossParent = await second.api.post(`${second.base}/Accounts`, { code: 'c', name: name('c'), type: 'leaf', parentId: secret.id });
    const list = await second.api.get(`${second.base}/Accounts`);

    expect(crossGet.status).toBe(404);
    expect(crossParent.status).toBe(404);
    expect(list.body.results).toEqual([]);
  });
});

describe('accounts under concurrent writes', () => {
  it('keeps the child count right while children are added and the parent is edited at once', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const parent = await create(api, base, { code: 'P', type: 'category', classification: 'asset' });

    const children = Array.from({ length: 12 }, (_, i) => api.post(`${base}/Accounts`, { code: `C${i}`, name: name(`C${i}`), type: 'leaf', parentId: parent.id }));
    const edits = Array.from({ length: 12 }, async (_, i) => {
      const current = (await api.get(`${base}/Accounts/${parent.id}`)).body;
      return api.put(`${base}/Accounts/${parent.id}`, { code: 'P', name: name(`P${i}`), classification: 'asset', version: current.version });
    });
    const created = (await Promise.all(children)).map((r) => r.body);
    await Promise.all(edits);

    const current = (await api.get(`${base}/Accounts/${parent.id}`)).body;
    expect((await api.delete(`${base}/Accounts/${parent.id}`, { version: current.version })).body.errors[0].code).toBe('HasChildren');
    for (const child of created) expect((await api.delete(`${base}/Accounts/${child.id}`, { version: child.version })).status).toBe(200);
    expect((await api.delete(`${base}/Accounts/${parent.id}`, { version: current.version })).status).toBe(200);
  });
});
