import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { readWidth } from '../../../shared/db/events/pending-width-store.ts';
import { pinYear } from '../../../shared/db/capacity/use-pins.ts';
import { mustGetYear } from '../../../shared/db/stores/year-store.ts';
import { eventFeed } from '../../../shared/db/stores/event-ports.ts';
import { numberPending } from '../../../shared/events/numbering-rules.ts';
import { PIN_MARGIN_MS, PIN_MS } from '../../../shared/db/capacity/pin-rules.ts';
import { useGateway } from '../../support/api.ts';
import { faultInjector } from '../support/faults.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';

const gateway = useGateway();

const pendingUnder = async (pk: string) =>
  (await db().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)', ExpressionAttributeValues: { ':pk': pk, ':q': 'EVENTQ#' }, ConsistentRead: true }))).Items ?? [];
const inShards = async (companyId: string) => (await Promise.all(keys.pendingEventShards(companyId).map(pendingUnder))).flat();
const atHome = (companyId: string) => pendingUnder(keys.pendingEventHome(companyId));
const setWidth = (companyId: string, wideUntil: number) =>
  db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.pendingWidth(companyId), UpdateExpression: 'SET wideUntil = :w', ExpressionAttributeValues: { ':w': wideUntil } }));
/** A pending event under a shard, as a writer under a pin (or a version of the service from before the width item) leaves it. */
const spreadEvent = (companyId: string, recordId: string) => {
  const at = new Date(Date.now() - 1000).toISOString();
  const eventId = crypto.randomUUID();
  return db().send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...keys.pendingEvent(companyId, at, eventId, true), entity: 'PendingEvent', eventId, type: 'AccountChanged', companyId, recordId, version: 9, actor: null, occurredAt: at, dataJson: null, dataOmitted: false },
    }),
  );
};
/** Runs a numbering call, counting its queries of pending partitions. */
async function numberCountingReads(companyId: string): Promise<{ numbered: number; pendingReads: number }> {
  const send = vi.spyOn(db(), 'send');
  try {
    const numbered = await numberPending(eventFeed, companyId);
    const pendingReads = send.mock.calls.filter(([command]) => command instanceof QueryCommand && (command.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':from'] === 'EVENTQ#');
    return { numbered, pendingReads: pendingReads.length };
  } finally {
    send.mockRestore();
  }
}

/** Where a company's pending events are, and what its numbering reads (events/pending-width.ts; docs/decisions.md, Capacity). */
describe('pending width', () => {
  it("keeps a quiet company's events under its own key, and numbers them reading that key alone", async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    for (let i = 1; i <= 3; i++) expect((await api.post(`${base}/Journals`, { date: '2026-03-01', entries: [debit(chart.cash.id, i), credit(chart.sales.id, i)] })).status).toBe(200);
    expect(await readWidth(companyId)).toBe(0);
    expect(await inShards(companyId)).toEqual([]);
    expect((await atHome(companyId)).filter((e) => e.type === 'JournalCreated')).toHaveLength(3);

    const { numbered, pendingReads } = await numberCountingReads(companyId);
    expect(numbered).toBeGreaterThanOrEqual(3);
    expect(pendingReads).toBe(1);
    expect(await atHome(companyId)).toEqual([]);
    const feed = (await api.get(`${base}/Events?pageSize=100`)).body.results;
    expect(feed.map((e: { sequence: number }) => e.sequence)).toEqual(feed.map((_: unknown, i: number) => i + 1));
  });

  it('spreads the events of writes under a pinned year, read from every shard until the shards are empty after the pin', async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    while ((await numberPending(eventFeed, companyId)) > 0);
    const yearId = (await api.get(`${base}/FinancialYears`)).body.results[0].id;
    await pinYear(companyId, await mustGetYear(companyId, yearId));
    const wideUntil = (await readWidth(companyId))!;
    expect(wideUntil - Date.now()).toBeGreaterThan(PIN_MS - 60_000);
    expect((await mustGetYear(companyId, yearId)).pinnedUntil).toBe(wideUntil);

    for (let i = 1; i <= 3; i++) await postedJournal(api, base, '2026-03-10', [debit(chart.cash.id, i), credit(chart.sales.id, i)]);
    const spread = await inShards(companyId);
    expect(spread.map((e) => e.type).sort()).toEqual(['JournalCreated', 'JournalCreated', 'JournalCreated', 'JournalPosted', 'JournalPosted', 'JournalPosted']);
    expect(new Set(spread.map((e) => e.pk)).size).toBeGreaterThan(1);
    expect(await atHome(companyId)).toEqual([]);
    // An account's change is no busy write: its event stays home, and both are numbered in the order they were stamped.
    const { cash } = chart;
    expect((await api.put(`${base}/Accounts/${cash.id}`, { code: cash.code, name: { english: 'Till', arabic: 'الصندوق' }, parentId: cash.parentId, version: cash.version })).status).toBe(200);
    expect(await atHome(companyId)).toHaveLength(1);

    const wide = await numberCountingReads(companyId);
    expect(wide.numbered).toBe(7);
    expect(wide.pendingReads).toBe(33);
    expect(await inShards(companyId)).toEqual([]);
    const feed = (await api.get(`${base}/Events?pageSize=100`)).body.results;
    expect(feed.slice(-7).map((e: { type: string }) => e.type)).toEqual([...Array(3).fill(['JournalCreated', 'JournalPosted']).flat(), 'AccountChanged']);
    expect(feed.map((e: { sequence: number }) => e.sequence)).toEqual(feed.map((_: unknown, i: number) => i + 1));
    // The pin lives: the reads stay wide.
    expect(await readWidth(companyId)).toBe(wideUntil);

    // The pin ended, but a shard still holds an event: numbered, and the reads stay wide that round.
    const over = Date.now() - PIN_MARGIN_MS - 1000;
    await setWidth(companyId, over);
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.year(companyId, yearId), UpdateExpression: 'SET pinnedUntil = :over', ExpressionAttributeValues: { ':over': over } }));
    await spreadEvent(companyId, chart.cash.id);
    expect((await numberCountingReads(companyId)).numbered).toBe(1);
    expect(await readWidth(companyId)).toBe(over);
    // Found empty: narrow again, one partition a round.
    expect((await numberCountingReads(companyId)).pendingReads).toBe(33);
    expect(await readWidth(companyId)).toBe(0);
    expect((await api.post(`${base}/Journals`, { date: '2026-01-01', entries: [debit(chart.cash.id, 1), credit(chart.sales.id, 1)] })).status).toBe(200);
    expect(await numberCountingReads(companyId)).toEqual({ numbered: 1, pendingReads: 1 });
  });

  it('reads a company from before the width item wide, for a pin’s length from then', async () => {
    const { companyId, chart } = await companyBooks(gateway.url);
    while ((await numberPending(eventFeed, companyId)) > 0);
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: keys.pendingWidth(companyId) }));
    await spreadEvent(companyId, chart.cash.id);
    const before = Date.now();
    expect(await numberCountingReads(companyId)).toEqual({ numbered: 1, pendingReads: 33 });
    expect(await readWidth(companyId)).toBeGreaterThanOrEqual(before + PIN_MS);
  });

  it('takes no year pin when the width could not be widened first', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const yearId = (await api.get(`${base}/FinancialYears`)).body.results[0].id;
    const faults = faultInjector();
    faults.mock.on(UpdateCommand).callsFake(async (input: { Key: { sk: string } }) => {
      if (input.Key.sk === keys.pendingWidth(companyId).sk) throw Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ProvisionedThroughputExceededException' });
      return faults.realSend(new UpdateCommand(input as never));
    });
    try {
      await pinYear(companyId, await mustGetYear(companyId, yearId));
    } finally {
      faults.mock.restore();
    }
    expect((await mustGetYear(companyId, yearId)).pinnedUntil).toBeUndefined();
    expect(await readWidth(companyId)).toBe(0);
  });
});
