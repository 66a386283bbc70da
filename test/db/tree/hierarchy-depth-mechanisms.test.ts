import { TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { NodeStore } from '../../../shared/db/stores/node-store.ts';
import { recountLevels } from '../../../shared/db/stores/nodes/node-levels.ts';
import { MAX_DEPTH } from '../../../shared/tree/rules.ts';
import { companyOwner, useGateway } from '../../support/api.ts';
import { TREE_KINDS, treeRequests } from '../../support/tree-requests.ts';
import { faultInjector } from '../support/faults.ts';

/**
 * The depth limit when two writes race (their commits ordered by holding transactions), and over
 * trees written before levels were counted (test/http/tree/hierarchy-depth.test.ts moves nodes one at a time).
 */
const gateway = useGateway();

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

// One kind: the mechanism (the level counts and the conditions on them, nodes/node-levels.ts and
// node-writes.ts) is the node store's, the same for accounts and cost centers; each kind's routes
// keep the limit in test/http/tree/hierarchy-depth.test.ts.
describe.each(TREE_KINDS.filter((k) => k.resource === 'Accounts'))('the depth limit of $resource', ({ resource, kind, create }) => {
  const { chain, move, read } = treeRequests(resource, create);

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
