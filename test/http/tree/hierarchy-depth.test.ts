import { TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { keys } from '../../../shared/db/table/keys.ts';
import { NodeStore } from '../../../shared/db/stores/node-store.ts';
import { recountLevels } from '../../../shared/db/stores/nodes/node-levels.ts';
import { MAX_DEPTH } from '../../../shared/tree/rules.ts';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { faultInjector } from '../../db/support/faults.ts';

const gateway = useGateway();
const names = (code: string) => ({ arabic: `ح ${code}`, english: `N ${code}` });

interface Node {
  id: string;
  code: string;
  path: string;
  parentId: string | null;
  version: number;
  name: { arabic: string; english: string };
}

/** Accounts and cost centers share the hierarchy; each is built and moved through its own endpoints. */
const KINDS = [
  {
    resource: 'Accounts',
    kind: 'ACCOUNT' as const,
    create: (code: string, parentId: string | null) => ({ code, name: names(code), type: 'category', parentId, ...(parentId ? {} : { classification: 'asset' }) }),
  },
  { resource: 'CostCenters', kind: 'COST_CENTER' as const, create: (code: string, parentId: string | null) => ({ code, name: names(code), parentId }) },
];

/**
 * Runs two requests so that both have read everything before either commits, then lets the
 * transaction `commitsFirst` picks commit before the other.
 */
async function bothReadThenCommit<T>(commitsFirst: (input: unknown) => boolean, run: () => Promise<T>): Promise<T> {
  const { mock, realSend } = faultInjector();
  let arrived = 0;
  let bothArrived: () => void = () => undefined;
  let firstDone: () => void = () => undefined;
  const arrivedBoth = new Promise<void>((resolve) => (bothArrived = resolve));
  const firstCommitted = new Promise<void>((resolve) => (firstDone = resolve));
  mock.on(TransactWriteCommand).callsFake(async (input: TransactWriteCommandInput) => {
    if (++arrived === 2) bothArrived();
    await arrivedBoth;
    if (!commitsFirst(input)) await firstCommitted;
    try {
      return await realSend(new TransactWriteCommand(input));
    } finally {
      if (commitsFirst(input)) firstDone();
    }
  });
  try {
    return await run();
  } finally {
    mock.restore();
  }
}

describe.each(KINDS)('the depth limit of $resource', ({ resource, kind, create }) => {
  /** A chain of `length` nodes coded `<prefix>1` (top) to `<prefix><length>`, hung under `parentId`. */
  async function chain(api: Client, base: string, prefix: string, length: number, parentId: string | null = null): Promise<Node[]> {
    const nodes: Node[] = [];
    for (let level = 1; level <= length; level++) {
      const response = await api.post(`${base}/${resource}`, create(`${prefix}${level}`, nodes.at(-1)?.id ?? parentId));
      if (response.status !== 200) throw new Error(`create ${prefix}${level}: ${response.text}`);
      nodes.push(response.body);
    }
    return nodes;
  }

  const move = (api: Client, base: string, node: Node, parentId: string | null) => api.put(`${base}/${resource}/${node.id}`, { code: node.code, name: node.name, parentId, version: node.version });
  const read = async (api: Client, base: string, node: Node) => (await api.get(`${base}/${resource}/${node.id}`)).body as Node;

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

  it.each(['the move into the subtree', 'the move of the subtree'])('lets only one of two moves commit when together they would pass the limit (%s committing first)', async (first) => {
    const { api, base } = await companyOwner(gateway.url);
    const a = await chain(api, base, 'A', 20);
    const b = await chain(api, base, 'B', 11);
    const c = await chain(api, base, 'C', 11);
    // Each alone fits: B under A20 reaches level 31, C under B11 level 22; both together level 42.
    const commitsFirst = (input: unknown) => JSON.stringify(input).includes(c[0]!.id) === (first === 'the move into the subtree');

    const results = await bothReadThenCommit(commitsFirst, () => Promise.all([move(api, base, b[0]!, a[19]!.id), move(api, base, c[0]!, b[10]!.id)]));

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.errors[0].code).toBe('Conflict');
    const deepest = await read(api, base, c[10]!);
    expect(deepest.path.split('.').length).toBeLessThanOrEqual(MAX_DEPTH);
    expect(deepest.path.split('.').at(-1)).toBe('C11');
  });

  it.each(['the create', 'the move'])('lets only one of a create and a move commit when together they would pass the limit (%s committing first)', async (first) => {
    const { api, base } = await companyOwner(gateway.url);
    const a = await chain(api, base, 'A', 20);
    const b = await chain(api, base, 'B', 12);
    // B under A20 puts B12 at level 32; a child of B12 alone is at level 13; together at 33.
    const commitsFirst = (input: unknown) => JSON.stringify(input).includes('"Z"') === (first === 'the create');

    const [created, moved] = await bothReadThenCommit(commitsFirst, () => Promise.all([api.post(`${base}/${resource}`, create('Z', b[11]!.id)), move(api, base, b[0]!, a[19]!.id)]));

    expect([created.status, moved.status].sort()).toEqual([200, 409]);
    if (created.status === 200) {
      expect((await read(api, base, created.body)).path.split('.')).toHaveLength(13);
    } else {
      expect((await read(api, base, b[11]!)).path.split('.')).toHaveLength(MAX_DEPTH);
    }
  });

  it('recounts the level counts of a tree written before they were kept, so its moves count heights again', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const a = await chain(api, base, 'A', 20);
    const b = await chain(api, base, 'B', 20);
    // As nodes written before level counts were kept: children counted, nothing deeper.
    for (const node of [...a, ...b]) {
      const deeper = Array.from({ length: MAX_DEPTH - 2 }, (_, i) => `below${i + 2}`);
      await db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.node(kind, companyId, node.id), UpdateExpression: `REMOVE ${deeper.join(', ')}` }));
    }

    const recounted = await recountLevels(new NodeStore(kind, 'The record'), companyId);
    const again = await recountLevels(new NodeStore(kind, 'The record'), companyId);
    const tooDeep = await move(api, base, b[0]!, a[19]!.id);

    expect(recounted).toEqual({ nodes: 40, corrected: 36 });
    expect(again).toEqual({ nodes: 40, corrected: 0 });
    expect(tooDeep.body.errors[0]).toMatchObject({ name: 'parentId', code: 'TooDeep' });
  });

  it('answers a chain deeper than the limit (grown before moves counted heights) with a clear 409, never a cut path', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const a = await chain(api, base, 'A', MAX_DEPTH);
    const b = await chain(api, base, 'B', 2);
    // As a tree written before this rule could be: B1 hung under A32 without counting B's height.
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.node(kind, companyId, b[0]!.id),
        UpdateExpression: 'SET parentId = :parent',
        ExpressionAttributeValues: { ':parent': a.at(-1)!.id },
      }),
    );

    const deep = await api.get(`${base}/${resource}/${b[1]!.id}`);
    const list = await api.get(`${base}/${resource}?pageSize=100`);

    expect(deep.status, deep.text).toBe(409);
    expect(deep.body.errors[0].code).toBe('HierarchyTooDeep');
    expect(list.status).toBe(409);
    expect((await api.get(`${base}/${resource}/${a.at(-1)!.id}`)).body.path.split('.')).toHaveLength(MAX_DEPTH);
  });
});
