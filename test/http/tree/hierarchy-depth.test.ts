import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../../shared/tree/rules.ts';
import { companyOwner, useGateway } from '../../support/api.ts';
import { TREE_KINDS, treeRequests } from '../../support/tree-requests.ts';

/** Through the API only; racing moves and trees written before levels were counted: test/db/tree/hierarchy-depth-mechanisms.test.ts. */
const gateway = useGateway();

describe.each(TREE_KINDS)('the depth limit of $resource', ({ resource, create }) => {
  const { chain, move, read } = treeRequests(resource, create);

  it('refuses a move whose subtree would reach below the limit, changing nothing, and allows moves that fit', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const a = await chain(api, base, 'A', 20);
    const b = await chain(api, base, 'B', 20);
    const before = await Promise.all([...a, ...b].map((n) => read(api, base, n)));

    const tooDeep = await move(api, base, b[0]!, a[19]!.id);

    expect(tooDeep.status, tooDeep.text).toBe(400);
    expect(tooDeep.body.errors[0]).toMatchObject({ name: 'parentId', code: 'TooDeep' });
    expect(await Promise.all([...a, ...b].map((n) => read(api, base, n)))).toEqual(before);
    const tooDeepChild = await api.post(`${base}/${resource}`, create('Z', b[19]!.id));
    expect(tooDeepChild.status).toBe(200);

    // B9..B20 plus Z (12 levels below B9) under A20 (level 20): the deepest lands at level 33.
    const stillTooDeep = await move(api, base, b[8]!, a[19]!.id);
    expect(stillTooDeep.body.errors[0]).toMatchObject({ name: 'parentId', code: 'TooDeep' });
    // Without Z it fits exactly: B9 at level 21, B20 at level 32.
    expect((await api.delete(`${base}/${resource}/${tooDeepChild.body.id}`, { version: tooDeepChild.body.version })).status).toBe(200);
    const fits = await move(api, base, await read(api, base, b[8]!), a[19]!.id);
    expect(fits.status, fits.text).toBe(200);
    const deepest = await read(api, base, b[19]!);
    expect(deepest.path.split('.')).toEqual([...a.map((n) => n.code), ...b.slice(8).map((n) => n.code)]);
    expect(deepest.path.split('.')).toHaveLength(MAX_DEPTH);
    if (resource === 'Accounts') expect(deepest).toMatchObject({ classification: 'asset' });
    const belowDeepest = await api.post(`${base}/${resource}`, create('Y', b[19]!.id));
    expect(belowDeepest.body.errors[0]).toMatchObject({ name: 'parentId', code: 'TooDeep' });

    // B1..B8 is 7 levels tall once B9 left: it fits under A20 now (levels 21 to 28).
    const rest = await move(api, base, await read(api, base, b[0]!), a[19]!.id);
    expect(rest.status, rest.text).toBe(200);
    expect((await read(api, base, b[7]!)).path.split('.')).toHaveLength(28);
    // And the path of the deepest resolves as a reference.
    const byPath = await api.post(`${base}/${resource}`, { ...create('X', deepest.path), ...(resource === 'Accounts' ? { type: 'leaf' } : {}) });
    expect(byPath.body.errors?.[0]).toMatchObject({ name: 'parentId', code: 'TooDeep' });
    const nearer = await api.post(`${base}/${resource}`, { ...create('X', (await read(api, base, b[18]!)).path), ...(resource === 'Accounts' ? { type: 'leaf' } : {}) });
    expect(nearer.status, nearer.text).toBe(200);
    expect(nearer.body.path.split('.')).toHaveLength(MAX_DEPTH);
  });
});
