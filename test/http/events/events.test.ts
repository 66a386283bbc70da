import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { keys } from '../../../shared/db/table/keys.ts';
import { numberedEventOps, pendingEvents, SequenceMoved, type PendingEvent } from '../../../shared/db/events/event-store.ts';
import { advanceOps, claimOf, claimOps } from '../../../shared/db/events/numbering-claim-store.ts';
import { numberEvents, type EventHead } from '../../../shared/events/numbering.ts';
import { transactWrite } from '../../../shared/db/table/transact.ts';
import { EVENT_RETENTION_DAYS } from '../../../shared/events/event-record.ts';
import { ROUTES } from '../../../shared/routes.ts';
import { client, companyOwner, useGateway, type Client } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, year2026 } from '../../support/ledger.ts';
import { eventItems } from '../../db/support/spread-items.ts';

const gateway = useGateway();

interface FeedEvent {
  id: string;
  sequence: number;
  type: string;
  recordId: string;
  version: number;
  actor: { type: string; id: string } | null;
  occurredAt: string;
  data: Record<string, unknown> | null;
}

/** Every event after `after`, page by page through the cursors. */
async function walk(api: Client, base: string, query = '', after = 0): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  let page: string | null = null;
  do {
    const cursor: string = page ? `&page=${encodeURIComponent(page)}` : '';
    const response = await api.get(`${base}/Events?pageSize=7&after=${after}${query}${cursor}`);
    if (response.status !== 200) throw new Error(response.text);
    events.push(...response.body.results);
    page = response.body.nextPage;
  } while (page);
  return events;
}

describe('events', () => {
  it('records one event per committed change, in the change\'s own transaction, and none for a refused one', async () => {
    const owner = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(owner.api, owner.base);
    await year2026(owner.api, owner.base);
    const journal = (await owner.api.post(`${owner.base}/Journals`, { date: '2026-02-01T08:00:00Z', entries: [debit(chart.cash.id, '5.00'), credit(chart.sales.id, '5.00')] })).body;
    const stale = await owner.api.post(`${owner.base}/Journals/${journal.id}/Post`, { postingDate: '2026-02-01', version: 5 });
    const invalid = await owner.api.post(`${owner.base}/Accounts`, { code: '' });
    const posted = await owner.api.post(`${owner.base}/Journals/${journal.id}/Post`, { postingDate: '2026-02-01', version: 1 });
    const key = await owner.api.post(`${owner.base}/ApiKeys`, { name: 'events', permissions: ['events:read'] });
    await owner.api.delete(`${owner.base}/Accounts/${chart.bank.id}`, { version: chart.bank.version });

    const events = await walk(owner.api, owner.base);

    expect([stale.status, invalid.status, posted.status]).toEqual([409, 400, 200]);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['CompanyCreated', 'AccountCreated', 'CostCenterCreated', 'FinancialYearCreated', 'JournalCreated', 'JournalPosted', 'ApiKeyCreated', 'AccountDeleted']));
    const journalEvents = events.filter((e) => e.recordId === journal.id);
    expect(journalEvents.map((e) => [e.type, e.version])).toEqual([['JournalCreated', 1], ['JournalPosted', 2]]);
    expect(journalEvents[1]!.data).toMatchObject({ id: journal.id, status: 'posted', version: 2 });
    expect(journalEvents[1]!.actor).toEqual({ type: 'user', id: owner.user.id });
    // Accounts: 9 created; the chart's cost centers: 2; numbers consecutive from 1.
    expect(events.filter((e) => e.type === 'AccountCreated')).toHaveLength(9);
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    const deleted = events.find((e) => e.type === 'AccountDeleted')!;
    expect(deleted).toMatchObject({ recordId: chart.bank.id, version: chart.bank.version + 1, data: null });
    // The one-time API key never travels in an event.
    const created = events.find((e) => e.type === 'ApiKeyCreated')!;
    expect(JSON.stringify(created)).not.toContain(key.body.key);
    expect(created.data).toMatchObject({ id: key.body.id, prefix: key.body.prefix });
  });

  it('shows each record in its events exactly as the REST API shows it: amounts are JSON numbers', async () => {
    const owner = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(owner.api, owner.base);
    await year2026(owner.api, owner.base);
    const created = await owner.api.post(`${owner.base}/Journals`, { date: '2026-02-01T08:00:00Z', entries: [debit(chart.cash.id, '1234.56'), debit(chart.rent.id, '10'), credit(chart.sales.id, '1244.56')] });
    await owner.api.post(`${owner.base}/Journals/${created.body.id}/Post`, { postingDate: '2026-02-01', version: 1 });
    const rest = (await owner.api.get(`${owner.base}/Journals/${created.body.id}`)).body;

    const events = await walk(owner.api, owner.base, '&type=JournalCreated,JournalPosted');

    const [createdEvent, postedEvent] = events;
    expect(createdEvent!.data).toEqual(created.body);
    expect(postedEvent!.data).toEqual(rest);
    for (const field of Object.keys(rest)) expect(postedEvent!.data![field], field).toEqual(rest[field]);
    expect(rest.entries.map((e: { amount: unknown }) => e.amount)).toEqual([1234.56, 10, 1244.56]);
    expect(rest.totals).toEqual({ debit: 1244.56, credit: 1244.56 });
  });

  it('reads events stored before their data was kept as text with the same numbers', async () => {
    const owner = await companyOwner(gateway.url);
    const recordId = randomUUID();
    const eventId = randomUUID();
    // The former shape: the data as a DynamoDB map, whose decimals the client hands back wrapped.
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...keys.pendingEvent(owner.companyId, new Date().toISOString(), eventId, false), entity: 'PendingEvent', eventId, type: 'JournalCreated', companyId: owner.companyId, recordId, version: 1, actor: null, occurredAt: new Date().toISOString(), data: { id: recordId, totals: { debit: 1234.56, credit: 10 }, entries: [{ amount: 1234.56 }] }, dataOmitted: false } }));

    const [event] = await walk(owner.api, owner.base, '&type=JournalCreated');

    expect(event!.data).toEqual({ id: recordId, totals: { debit: 1234.56, credit: 10 }, entries: [{ amount: 1234.56 }] });
  });

  it('names an event for every writing route, and keeps events at least 30 days', async () => {
    for (const route of ROUTES) {
      const writes = route.methods.some((m) => m !== 'GET') && route.access !== 'public';
      expect(Boolean(route.event), route.name).toBe(writes);
    }
    const owner = await companyOwner(gateway.url);
    await walk(owner.api, owner.base);
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
    const before = await walk(owner.api, owner.base);
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
    const all = await walk(owner.api, owner.base);
    expect(all).toEqual(before.map((e) => ({ ...e, sequence: e.sequence + GAP })));
    expect((await owner.api.get(`${owner.base}/Events?after=${all.at(-1)!.sequence}`)).body).toMatchObject({ results: [], nextPage: null });

    // Every event expired (a company quiet for longer than they are kept): an empty page, and none after it.
    for (const item of await eventItems(owner.companyId)) await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: item.pk, sk: item.sk } }));
    expect((await owner.api.get(`${owner.base}/Events?pageSize=3`)).body).toMatchObject({ results: [], nextPage: null });
  });

  it('filters by type and date, refuses unknown types, and shows nothing to another company', async () => {
    const owner = await companyOwner(gateway.url);
    const other = await companyOwner(gateway.url);
    await chartOfAccounts(owner.api, owner.base);
    const today = new Date().toISOString().slice(0, 10);

    const accounts = await walk(owner.api, owner.base, '&type=AccountCreated,CostCenterCreated');
    const none = await walk(owner.api, owner.base, '&dateTo=2000-01-01');
    const todays = await walk(owner.api, owner.base, `&dateFrom=${today}&dateTo=${today}`);
    const unknown = await owner.api.get(`${owner.base}/Events?type=JournalPosted,JournalFlew`);
    // One order, by sequence: an order or keyword the feed would ignore is refused.
    const ordered = await owner.api.get(`${owner.base}/Events?orderAsc=false`);
    const foreign = await other.api.get(`${owner.base}/Events`);

    expect(new Set(accounts.map((e) => e.type))).toEqual(new Set(['AccountCreated', 'CostCenterCreated']));
    expect(accounts).toHaveLength(11);
    expect(none).toEqual([]);
    expect(todays.length).toBe(12);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].name).toMatch(/^type/);
    expect(ordered.status).toBe(400);
    expect(ordered.body.errors[0].name).toBe('orderAsc');
    expect(foreign.status).toBe(404);
  });

  it('numbers each event once: a sequencer that read a counter or a pending event another has since used is refused', async () => {
    const owner = await companyOwner(gateway.url);
    await owner.api.post(`${owner.base}/CostCenters`, { code: 'A', name: { arabic: 'أ', english: 'A' } });
    const pending = await pendingEvents(owner.companyId, 10);
    expect(pending.map((e) => e.type).sort()).toEqual(['CompanyCreated', 'CostCenterCreated']);
    const [first, second] = pending;

    const number = (head: EventHead, events: PendingEvent[]) => {
      const batch = numberEvents(head, events, true);
      const claim = claimOf(batch.numbered, Date.now());
      return { claim: claimOps(owner.companyId, head, claim, events[0]!), fill: numberedEventOps(owner.companyId, batch.numbered), advance: advanceOps(owner.companyId, claim), head: batch.head };
    };
    const start: EventHead = { next: 1, hash: null };

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

    expect((await walk(owner.api, owner.base)).map((e) => [e.sequence, e.id])).toEqual([[1, first!.eventId], [2, second!.eventId]]);
  });

  it('lets a consumer walking the feed during concurrent writes see every event exactly once, each record\'s in version order', async () => {
    const owner = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(owner.api, owner.base);
    await year2026(owner.api, owner.base);
    const key = (await owner.api.post(`${owner.base}/ApiKeys`, { name: 'consumer', permissions: ['events:read'] })).body.key;
    const consumer = client(gateway.url, `Bearer ${key}`);

    let writing = true;
    // Two consumers at once: each numbers pending events before reading, so sequencers race too.
    const consume = async (reader: Client, seen: FeedEvent[]) => {
      let after = 0;
      // Resume from the last sequence seen, as an integration would, until writers are done and the feed is drained.
      for (let idle = 0; idle < 2; ) {
        const batch = await walk(consumer, owner.base, '', after);
        seen.push(...batch);
        after = batch.at(-1)?.sequence ?? after;
        idle = writing || batch.length > 0 ? 0 : idle + 1;
      }
    };
    const seen: FeedEvent[] = [];
    const alsoSeen: FeedEvent[] = [];
    const consumers = Promise.all([consume(consumer, seen), consume(owner.api, alsoSeen)]);
    const writer = async (n: number) => {
      for (let i = 0; i < 4; i++) {
        const created = await owner.api.post(`${owner.base}/Journals`, { date: `2026-03-0${1 + (i % 5)}T08:00:00Z`, description: `w${n}-${i}`, entries: [debit(chart.cash.id, '1.00'), credit(chart.sales.id, '1.00')] }, { 'Idempotency-Key': randomUUID() });
        await owner.api.post(`${owner.base}/Journals/${created.body.id}/Post`, { postingDate: '2026-03-05', version: 1 });
      }
    };
    await Promise.all([writer(1), writer(2), writer(3), writer(4)]);
    writing = false;
    await consumers;

    const all = await walk(owner.api, owner.base);
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(alsoSeen.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    expect(all.filter((e) => e.type === 'JournalPosted')).toHaveLength(16);
    for (const recordId of new Set(all.map((e) => e.recordId))) {
      const versions = all.filter((e) => e.recordId === recordId).map((e) => e.version);
      expect(versions, recordId).toEqual([...versions].sort((a, b) => a - b));
    }
  });
});
