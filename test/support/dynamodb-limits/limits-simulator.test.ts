import { randomUUID } from 'node:crypto';
import { ProvisionedThroughputExceededException, TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/db/table/client.ts';
import { transactWrite, type WriteOp } from '../../../shared/db/table/transact.ts';
import { MAIN_TABLE } from '../../../shared/db/table/tables.ts';
import { itemSize } from './item-size.ts';
import { installLimitsSimulator, type LimitsOptions, type LimitsSimulator } from './limits-simulator.ts';
import { simulatedRequest } from './simulated-request.ts';

const TABLE = MAIN_TABLE.id;
let simulator: LimitsSimulator | undefined;
const install = (options: LimitsOptions = {}) => (simulator = installLimitsSimulator(db(), options));
afterEach(() => {
  simulator?.uninstall();
  simulator = undefined;
  vi.restoreAllMocks();
});

/** Runs `work` as a simulated request arriving at `at`, answering its error if it fails. */
async function at<T>(time: number, work: () => Promise<T>) {
  const run = await simulatedRequest(time, () => work().then((value) => ({ value, error: undefined }), (error: unknown) => ({ value: undefined, error })));
  return { ...run.result, request: run.request };
}
const put = (pk: string, sk: string, extra: Record<string, unknown> = {}) => db().send(new PutCommand({ TableName: TABLE, Item: { pk, sk, ...extra } }));
const putIn = (pk: string, sk: string) => ({ Put: { TableName: TABLE, Item: { pk, sk } } });
const updateIn = (pk: string, sk: string) => ({ Update: { TableName: TABLE, Key: { pk, sk }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } } });

describe('DynamoDB limits simulator', () => {
  it('throttles a partition key past its write units in a second, and serves it again the next second', async () => {
    // Arrange: 5 write units a second; the SDK's retries waited out in simulated time at their longest.
    install({ writeUnitsPerSecond: 5 });
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const pk = `HOT#${randomUUID()}`;
    for (let i = 0; i < 5; i++) expect((await at(10 * i, () => put(pk, `ITEM#${i}`))).error).toBeUndefined();

    // Act: a sixth write in the same second, and a write of another partition key.
    const sixth = await at(100, () => put(pk, 'ITEM#5'));
    const other = await at(100, () => put(`COLD#${randomUUID()}`, 'ITEM'));

    // Assert: refused as DynamoDB does, retried by the SDK until the next second, then written.
    expect(sixth.error).toBeUndefined();
    expect(sixth.request.throttles).toBeGreaterThanOrEqual(1);
    expect(sixth.request.retries).toBe(sixth.request.throttles);
    expect(sixth.request.clock).toBeGreaterThanOrEqual(1000);
    expect(sixth.request.backoffMs).toBeGreaterThan(0);
    expect(other.request.throttles).toBe(0);
    expect(simulator!.stats().busiestWritePartition).toEqual({ partition: `${TABLE}|${pk}`, unitsPerSecond: 5 });
  });

  it('answers ProvisionedThroughputExceededException to a single write over the limit', async () => {
    install({ writeUnitsPerSecond: 1 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const pk = `HOT#${randomUUID()}`;
    await at(0, () => put(pk, 'A'));

    // With a zero backoff every retry lands in the same full second.
    const refused = await at(1, () => put(pk, 'B'));

    expect(refused.error).toBeInstanceOf(ProvisionedThroughputExceededException);
    expect((refused.error as ProvisionedThroughputExceededException).ThrottlingReasons?.[0]?.reason).toBe('TableWriteKeyRangeThroughputExceeded');
    expect(refused.request.throttles).toBe(3);
    expect(await db().send(new GetCommand({ TableName: TABLE, Key: { pk, sk: 'B' } }))).not.toHaveProperty('Item');
  });

  it('counts write units by item size, twice in a transaction', async () => {
    install();
    const pk = `SIZE#${randomUUID()}`;
    const text = 'x'.repeat(1500);
    expect(itemSize({ pk: { S: pk }, sk: { S: 'BIG' }, text: { S: text } })).toBeGreaterThan(1024);

    const single = await at(0, () => put(pk, 'BIG', { text }));
    const small = await at(0, () => put(pk, 'SMALL'));
    const transaction = await at(0, () => db().send(new TransactWriteCommand({ TransactItems: [putIn(pk, 'T1'), putIn(`${pk}-2`, 'T2')] })));

    expect(single.request.writeUnits).toBe(2);
    expect(small.request.writeUnits).toBe(1);
    expect(transaction.request.writeUnits).toBe(4);
    expect(simulator!.stats().writeUnits).toBe(7);
  });

  it('counts a write for every index the item projects into, two when its index key changes', async () => {
    install();
    const pk = `INDEXED#${randomUUID()}`;
    const indexed = { gsi1pk: `${pk}#LIST`, gsi1sk: 'a', gsi2pk: `${pk}#OTHER`, gsi2sk: 'b' };

    const created = await at(0, () => put(pk, 'ITEM', indexed));
    const moved = await at(10, () =>
      db().send(new UpdateCommand({ TableName: TABLE, Key: { pk, sk: 'ITEM' }, UpdateExpression: 'SET gsi1pk = :k', ExpressionAttributeValues: { ':k': `${pk}#MOVED` } })),
    );
    const plain = await at(20, () => put(pk, 'PLAIN'));

    expect(created.request.writeUnits).toBe(3);
    expect(moved.request.writeUnits).toBe(4);
    expect(plain.request.writeUnits).toBe(1);
    expect(simulator!.stats().writeUnitsByKind).toMatchObject({ 'gsi1 INDEXED#<id>#LIST': 2, 'gsi1 INDEXED#<id>#MOVED': 1, 'gsi2 INDEXED#<id>#OTHER': 2 });
  });

  it('throttles writes of many table keys that share one index key value', async () => {
    install({ writeUnitsPerSecond: 3 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const list = `LIST#${randomUUID()}`;
    for (let i = 0; i < 3; i++) expect((await at(i, () => put(`OWN#${randomUUID()}`, 'ITEM', { gsi1pk: list, gsi1sk: String(i) }))).error).toBeUndefined();

    const fourth = await at(5, () => put(`OWN#${randomUUID()}`, 'ITEM', { gsi1pk: list, gsi1sk: '3' }));

    expect(fourth.error).toBeInstanceOf(ProvisionedThroughputExceededException);
    expect((fourth.error as ProvisionedThroughputExceededException).ThrottlingReasons?.[0]?.reason).toBe('IndexWriteKeyRangeThroughputExceeded');
  });

  it('cancels a transaction that overlaps another on one item, and lets disjoint or later ones through', async () => {
    install({ transactionMs: 20 });
    const pk = `TX#${randomUUID()}`;
    const first = await at(0, () => db().send(new TransactWriteCommand({ TransactItems: [updateIn(pk, 'SHARED'), putIn(pk, 'A')] })));

    const overlapping = await at(10, () => db().send(new TransactWriteCommand({ TransactItems: [putIn(pk, 'B'), updateIn(pk, 'SHARED')] })));
    const disjoint = await at(10, () => db().send(new TransactWriteCommand({ TransactItems: [putIn(pk, 'C'), updateIn(pk, 'OTHER')] })));
    const later = await at(25, () => db().send(new TransactWriteCommand({ TransactItems: [updateIn(pk, 'SHARED')] })));
    const single = await at(5, () => db().send(new UpdateCommand(updateIn(pk, 'SHARED').Update)));

    expect(first.error).toBeUndefined();
    expect(overlapping.error).toBeInstanceOf(TransactionCanceledException);
    expect((overlapping.error as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'TransactionConflict']);
    expect(disjoint.error).toBeUndefined();
    expect(later.error).toBeUndefined();
    expect(single.error).toBeInstanceOf(TransactionConflictException);
    expect(await db().send(new GetCommand({ TableName: TABLE, Key: { pk, sk: 'B' } }))).not.toHaveProperty('Item');
  });

  it("cancels with ThrottlingError the transaction whose item's partition is out of capacity", async () => {
    install({ writeUnitsPerSecond: 2 });
    const hot = `HOT#${randomUUID()}`;
    await at(0, () => put(hot, 'A'));
    await at(0, () => put(hot, 'B'));

    const refused = await at(5, () => db().send(new TransactWriteCommand({ TransactItems: [putIn(`COLD#${randomUUID()}`, 'X'), putIn(hot, 'C')] })));

    expect((refused.error as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'ThrottlingError']);
  });

  it("lets the service's transaction retries back off in simulated time until the conflict is over", async () => {
    install({ transactionMs: 20 });
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const pk = `RETRY#${randomUUID()}`;
    await at(0, () => db().send(new TransactWriteCommand({ TransactItems: [updateIn(pk, 'SHARED')] })));

    const retried = await at(5, () => transactWrite([{ item: updateIn(pk, 'SHARED') } as WriteOp]));

    expect(retried.error).toBeUndefined();
    expect(retried.request).toMatchObject({ conflicts: 1, retries: 1, calls: 2, depth: 2 });
    expect(retried.request.clock).toBeGreaterThan(20);
  });

  it('counts read units by size, half for an eventually consistent read, and refuses reads of a full partition before sending them', async () => {
    install({ readUnitsPerSecond: 3 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const pk = `READ#${randomUUID()}`;
    await put(pk, 'BIG', { text: 'x'.repeat(5000) });
    const get = (ConsistentRead: boolean) => db().send(new GetCommand({ TableName: TABLE, Key: { pk, sk: 'BIG' }, ConsistentRead }));

    const strong = await at(0, () => get(true));
    const eventual = await at(0, () => get(false));
    const refused = await at(0, () => get(true));

    expect(strong.request.readUnits).toBe(2);
    expect(eventual.request.readUnits).toBe(1);
    expect(refused.error).toBeInstanceOf(ProvisionedThroughputExceededException);
    expect(refused.request).toMatchObject({ readUnits: 0, throttles: 3 });
  });

  it('moves a request clock by the longest of its parallel calls and counts round trips in sequence', async () => {
    install({ latency: { read: 4 } });
    const pk = `CLOCK#${randomUUID()}`;
    await put(pk, 'A');

    const run = await at(100, async () => {
      await Promise.all(['A', 'B', 'C'].map((sk) => db().send(new GetCommand({ TableName: TABLE, Key: { pk, sk } }))));
      await db().send(new GetCommand({ TableName: TABLE, Key: { pk, sk: 'A' } }));
    });

    expect(run.request).toMatchObject({ calls: 4, depth: 2, clock: 108 });
  });

  it('splits a hot key range for heat, but never one hot item', async () => {
    install({ writeUnitsPerSecond: 4, splitForHeat: { sustainedWindows: 1, threshold: 0.5, maxRanges: 4 } });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const spread = `SPREAD#${randomUUID()}`;
    const single = `SINGLE#${randomUUID()}`;
    const writeSecond = async (second: number, key: string, sortKeys: string[]) => {
      const outcomes = [];
      for (const [i, sk] of sortKeys.entries()) outcomes.push((await at(second * 1000 + i, () => put(key, sk))).error === undefined);
      return outcomes.filter(Boolean).length;
    };
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];

    const firstSecond = await writeSecond(0, spread, keys);
    await writeSecond(1, spread, keys);
    const thirdSecond = await writeSecond(2, spread, keys);
    for (let s = 0; s < 3; s++) await writeSecond(s, single, keys.map(() => 'ONE'));
    const hotItem = await writeSecond(3, single, keys.map(() => 'ONE'));

    expect(firstSecond).toBe(4);
    expect(thirdSecond).toBeGreaterThan(4);
    expect(simulator!.stats().splits.map((s) => s.key)).toContain(`${TABLE}|${spread}`);
    expect(simulator!.stats().splits.map((s) => s.key)).not.toContain(`${TABLE}|${single}`);
    expect(hotItem).toBe(4);
  });
});
