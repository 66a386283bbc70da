import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../shared/config.ts';
import { db } from '../../shared/db/client.ts';
import { keys, PENDING_EVENT_SHARDS } from '../../shared/db/keys.ts';
import { useGateway } from '../support/api.ts';
import { companyBooks, credit, debit } from '../support/ledger.ts';

const gateway = useGateway();

const pendingUnder = async (pk: string) =>
  (await db().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)', ExpressionAttributeValues: { ':pk': pk, ':q': 'EVENTQ#' }, ConsistentRead: true }))).Items ?? [];

/** A busy company's outbox is spread over partition keys of its own, not its company key. */
describe('pending events partitions', () => {
  it('writes pending events under the outbox shards, and the feed numbers them from there', async () => {
    const owner = await companyBooks(gateway.url);
    for (let i = 0; i < 6; i++) {
      const r = await owner.api.post(`${owner.base}/Journals`, { date: '2026-03-01', entries: [debit(owner.chart.cash.id, '1.00'), credit(owner.chart.sales.id, '1.00')] });
      expect(r.status).toBe(200);
    }
    expect(await pendingUnder(keys.company(owner.companyId).pk)).toEqual([]);
    const partitions = keys.pendingEventPartitions(owner.companyId).slice(0, PENDING_EVENT_SHARDS);
    const spread = (await Promise.all(partitions.map(pendingUnder))).map((items) => items.length);
    // The company, its accounts, cost centers, year and six journals: each event under one shard, several shards used.
    expect(spread.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(6);
    expect(spread.filter((n) => n > 0).length).toBeGreaterThan(1);

    const feed = await owner.api.get(`${owner.base}/Events?pageSize=100`);
    expect(feed.status).toBe(200);
    expect(feed.body.results.filter((e: { type: string }) => e.type === 'JournalCreated')).toHaveLength(6);
    expect(feed.body.results.map((e: { sequence: number }) => e.sequence)).toEqual(feed.body.results.map((_: unknown, i: number) => i + 1));
    expect((await Promise.all(partitions.map(pendingUnder))).flat()).toEqual([]);
  });
});
