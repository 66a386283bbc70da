import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { client, companyOwner, useGateway, type Client } from '../../support/api.ts';
import { walkFeed, type FeedEvent } from '../../support/feed.ts';
import { chartOfAccounts, credit, debit, year2026 } from '../../support/ledger.ts';

/** Through the API only; event items, their expiry and the numbering claims: test/db/events/event-items.test.ts. */
const gateway = useGateway();

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

    const events = await walkFeed(owner.api, owner.base);

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

    const events = await walkFeed(owner.api, owner.base, '&type=JournalCreated,JournalPosted');

    const [createdEvent, postedEvent] = events;
    expect(createdEvent!.data).toEqual(created.body);
    expect(postedEvent!.data).toEqual(rest);
    for (const field of Object.keys(rest)) expect(postedEvent!.data![field], field).toEqual(rest[field]);
    expect(rest.entries.map((e: { amount: unknown }) => e.amount)).toEqual([1234.56, 10, 1244.56]);
    expect(rest.totals).toEqual({ debit: 1244.56, credit: 1244.56 });
  });

  it('filters by type and date, refuses unknown types, and shows nothing to another company', async () => {
    const owner = await companyOwner(gateway.url);
    const other = await companyOwner(gateway.url);
    await chartOfAccounts(owner.api, owner.base);
    const today = new Date().toISOString().slice(0, 10);

    const accounts = await walkFeed(owner.api, owner.base, '&type=AccountCreated,CostCenterCreated');
    const none = await walkFeed(owner.api, owner.base, '&dateTo=2000-01-01');
    const todays = await walkFeed(owner.api, owner.base, `&dateFrom=${today}&dateTo=${today}`);
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
        const batch = await walkFeed(consumer, owner.base, '', after);
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

    const all = await walkFeed(owner.api, owner.base);
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
