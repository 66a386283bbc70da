import { randomUUID } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { TEXT_DICTIONARIES } from '../../../shared/db/table/text-dictionaries.ts';
import { numberedEventOps, pendingEverywhere, SequenceMoved } from '../../../shared/db/events/event-store.ts';
import { EVENT_RETENTION_DAYS } from '../../../shared/db/events/outbox-store.ts';
import type { PendingEvent } from '../../../shared/events/records.ts';
import { advanceOps, claimOf, claimOps } from '../../../shared/db/events/numbering-claim-store.ts';
import { numberEvents, type EventHead } from '../../../shared/events/numbering.ts';
import { transactWrite } from '../../../shared/db/table/transact.ts';
import { oldestPending } from '../../../shared/events/pending-order.ts';
import { ROUTES } from '../../../shared/routes.ts';
import { companyOwner, useGateway } from '../../support/api.ts';
import { walkFeed, type FeedEvent } from '../../support/feed.ts';
import { chartOfAccounts, companyBooks, credit, debit } from '../../support/ledger.ts';
import { itemSize } from '../../support/dynamodb-limits/item-size.ts';
import { eventItems, pendingItems } from '../support/spread-items.ts';

/**
 * The feed's items: events kept in a former shape, their expiry, numbers left by expired ones, and
 * the numbering claims that number each event once (test/http/events/events.test.ts reads the feed).
 */
const gateway = useGateway();

describe('event items', () => {
  it('reads events stored before their data was kept as text with the same numbers', async () => {
    const owner = await companyOwner(gateway.url);
    const recordId = randomUUID();
    const eventId = randomUUID();
    // The former shape: the data as a DynamoDB map, whose decimals the client hands back wrapped.
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...keys.pendingEvent(owner.companyId, new Date().toISOString(), eventId, false), entity: 'PendingEvent', eventId, type: 'JournalCreated', companyId: owner.companyId, recordId, version: 1, actor: null, occurredAt: new Date().toISOString(), data: { id: recordId, totals: { debit: 1234.56, credit: 10 }, entries: [{ amount: 1234.56 }] }, dataOmitted: false } }));

    const [event] = await walkFeed(owner.api, owner.base, '&type=JournalCreated');

    expect(event!.data).toEqual({ id: recordId, totals: { debit: 1234.56, credit: 10 }, entries: [{ amount: 1234.56 }] });
  });

  it('keeps a two-line journal\'s events within the 1 KB of a write unit, and reads one kept as JSON text the same', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const created = await api.post(`${base}/Journals`, { date: '2026-03-15T09:00:00Z', entries: [debit(chart.cash.id, 100), credit(chart.sales.id, 100)] });
    const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-03-15', version: 1 });
    const journalEvents = (items: Array<Record<string, unknown>>) => items.filter((i) => String(i.type).startsWith('Journal'));
    const pending = journalEvents(await pendingItems(companyId));

    const feed = await walkFeed(api, base, '&type=JournalCreated,JournalPosted');
    const numbered = journalEvents(await eventItems(companyId));

    expect(feed.map((e) => e.data)).toEqual([created.body, posted.body]);
    expect(pending).toHaveLength(2);
    for (const item of [...pending, ...numbered]) expect(itemSize(marshall(item)), String(item.type)).toBeLessThanOrEqual(1024);
    // The form events were kept in before: the data as JSON text.
    const item = numbered[1]!;
    const { dataZ: _z, ...rest } = item;
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...rest, dataJson: JSON.stringify(posted.body) } }));
    expect((await walkFeed(api, base, '&type=JournalPosted')).map((e) => e.data)).toEqual([posted.body]);
  });

  it('numbers a pending event with the bytes its outbox item kept, not its data deflated anew', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const created = await api.post(`${base}/Journals`, { date: '2026-03-15T09:00:00Z', entries: [debit(chart.cash.id, 100), credit(chart.sales.id, 100)] });
    const [pending] = (await pendingItems(companyId)).filter((i) => i.type === 'JournalCreated');
    // The same data deflated otherwise (the fastest level): bytes a fresh deflate would not give.
    const kept = Buffer.concat([Buffer.from([1]), deflateRawSync(created.text, { level: 1, dictionary: Buffer.from(TEXT_DICTIONARIES[1]!) })]);
    expect(kept.equals(Buffer.from(pending!.dataZ as Uint8Array))).toBe(false);
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...pending, dataZ: kept } }));

    const feed = await walkFeed(api, base, '&type=JournalCreated');
    const [numbered] = (await eventItems(companyId)).filter((i) => i.type === 'JournalCreated');

    expect(feed.map((e) => e.data)).toEqual([created.body]);
    expect(Buffer.from(numbered!.dataZ as Uint8Array).equals(kept)).toBe(true);
  });

  it('writes the data as text with DEFLATED_TEXT=off, the first step of an upgrade from a version that reads only text', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    process.env.DEFLATED_TEXT = 'off';
    try {
      const created = await api.post(`${base}/Journals`, { date: '2026-03-15T09:00:00Z', entries: [debit(chart.cash.id, 100), credit(chart.sales.id, 100)] });
      const [pending] = (await pendingItems(companyId)).filter((i) => i.type === 'JournalCreated');
      const feed = await walkFeed(api, base, '&type=JournalCreated');
      const [numbered] = (await eventItems(companyId)).filter((i) => i.type === 'JournalCreated');

      for (const item of [pending!, numbered!]) {
        expect(item.dataZ).toBeUndefined();
        expect(JSON.parse(String(item.dataJson))).toEqual(created.body);
      }
      expect(feed.map((e) => e.data)).toEqual([created.body]);
    } finally {
      delete process.env.DEFLATED_TEXT;
    }
  });

  it('names an event for every writing route, and keeps events at least 30 days', async () => {
    for (const route of ROUTES) {
      const writes = route.methods.some((m) => m !== 'GET') && route.access !== 'public';
      expect(Boolean(route.event), route.name).toBe(writes);
    }
    const owner = await companyOwner(gateway.url);
    await walkFeed(owner.api, owner.base);
    const items = await eventItems(owner.companyId);
    expect(items).toHaveLength(1);
    const kept = (items[0]!.purgeAt as number) - Date.parse(String(items[0]!.occurredAt)) / 1000;
    expect(kept).toBeGreaterThanOrEqual(EVENT_RETENTION_DAYS * 86_400 - 1);
    expect(EVENT_RETENTION_DAYS).toBeGreaterThanOrEqual(30);
  });

  it('pages past a run of expired numbers longer than a page\'s read budget in one request, and ends where numbering stands', async () => {
    // Arrange: the company's events renumbered 5,000 on, as if the 5,000 before them had expired.
    const owner = await companyOwner(gateway.url);
    await chartOfAccounts(owner.api, owner.base);
    const before = await walkFeed(owner.api, owner.base);
    const GAP = 5000;
    for (const item of await eventItems(owner.companyId)) {
      const sequence = (item.sequence as number) + GAP;
      await db().send(new PutCommand({ TableName: config.tableName, Item: { ...item, ...keys.event(owner.companyId, sequence), sequence } }));
      await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: item.pk, sk: item.sk } }));
    }
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.eventSequence(owner.companyId), UpdateExpression: 'ADD #next :gap', ExpressionAttributeNames: { '#next': 'next' }, ExpressionAttributeValues: { ':gap': GAP } }));

    // Act: the first page from the start.
    const first = await owner.api.get(`${owner.base}/Events?pageSize=3`);

    // Assert: the kept events, in order, as before but for their numbers; the walk ends at the last.
    expect(first.body.results.map((e: FeedEvent) => e.sequence)).toEqual(before.slice(0, 3).map((e) => e.sequence + GAP));
    const all = await walkFeed(owner.api, owner.base);
    expect(all).toEqual(before.map((e) => ({ ...e, sequence: e.sequence + GAP })));
    expect((await owner.api.get(`${owner.base}/Events?after=${all.at(-1)!.sequence}`)).body).toMatchObject({ results: [], nextPage: null });

    // Every event expired (a company quiet for longer than they are kept): an empty page, and none after it.
    for (const item of await eventItems(owner.companyId)) await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: item.pk, sk: item.sk } }));
    expect((await owner.api.get(`${owner.base}/Events?pageSize=3`)).body).toMatchObject({ results: [], nextPage: null });
  });

  it('numbers each event once: a sequencer that read a counter or a pending event another has since used is refused', async () => {
    const owner = await companyOwner(gateway.url);
    await owner.api.post(`${owner.base}/CostCenters`, { code: 'A', name: { arabic: 'أ', english: 'A' } });
    const pending = oldestPending(await pendingEverywhere(owner.companyId, 10), 10).events;
    expect(pending.map((e) => e.type).sort()).toEqual(['CompanyCreated', 'CostCenterCreated']);
    const [first, second] = pending;

    // No journals among them: no entry numbers.
    const number = (head: EventHead & { entries: number }, events: PendingEvent[]) => {
      const batch = numberEvents(head, events, true);
      const claim = claimOf(batch.numbered, Date.now(), []);
      return { claim: claimOps(owner.companyId, head, claim, events[0]!), fill: numberedEventOps(owner.companyId, batch.numbered), advance: advanceOps(owner.companyId, claim), head: { ...batch.head, entries: 0 } };
    };
    const start = { next: 1, hash: null, entries: 0 };

    const one = number(start, [first!]);
    await transactWrite(one.claim);
    // Read before that claim: the counter at 1; or after it, while it is open.
    await expect(transactWrite(number(start, [second!]).claim)).rejects.toBeInstanceOf(SequenceMoved);
    await expect(transactWrite(number(one.head, [second!]).claim)).rejects.toBeInstanceOf(SequenceMoved);
    await transactWrite(one.fill);
    // Another sequencer finishing the same claim finds its events written.
    await expect(transactWrite(one.fill)).rejects.toBeInstanceOf(SequenceMoved);
    await transactWrite(one.advance);
    await expect(transactWrite(one.advance)).rejects.toBeInstanceOf(SequenceMoved);
    // A pending event already numbered is not numbered again.
    await expect(transactWrite(number(one.head, [first!]).fill)).rejects.toBeInstanceOf(SequenceMoved);
    const two = number(one.head, [second!]);
    for (const step of [two.claim, two.fill, two.advance]) await transactWrite(step);

    expect((await walkFeed(owner.api, owner.base)).map((e) => [e.sequence, e.id])).toEqual([[1, first!.eventId], [2, second!.eventId]]);
  });
});
