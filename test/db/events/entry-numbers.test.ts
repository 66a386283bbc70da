import { DeleteCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { eventHead } from '../../../shared/db/events/event-store.ts';
import { eventFeed } from '../../../shared/db/stores/event-ports.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { getItem } from '../../../shared/db/table/table-ops.ts';
import { numberPending } from '../../../shared/events/numbering-rules.ts';
import { useGateway, type Client } from '../../support/api.ts';
import { wholeFeed, type FeedEvent } from '../../support/feed.ts';
import { faultInjector } from '../support/faults.ts';
import { pendingPostings } from '../support/pending-postings.ts';

/** Entry numbers (audit/entry-numbers.ts) as the sequencer writes them: a crash between a claim and its fill, and the gap test against the table. */
const gateway = useGateway();

type TransactItems = Array<{ Put?: { Item?: { entity?: string } }; Update?: { Key?: { sk?: string } } }>;
const writesEvents = (items: TransactItems) => items.some((item) => item.Put?.Item?.entity === 'Event');
const atOnce = (items: TransactItems) => writesEvents(items) && items.some((item) => item.Update?.Key?.sk === 'EVENTSEQ');
const claims = (items: TransactItems) => items.some((item) => item.Put?.Item?.entity === 'NumberingClaim');
const tooLarge = () => Object.assign(new Error('Transaction request cannot be larger than 4 MB'), { name: 'ValidationException' });
const crashed = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });

/** Each posted journal's entry number as the API answers it, by id. */
async function numbersOf(api: Client, base: string, ids: readonly string[]): Promise<Array<number | undefined>> {
  return Promise.all(ids.map(async (id) => (await api.get(`${base}/Journals/${id}`)).body.entryNumber));
}

/** The posted journals' ids in the order their JournalPosted events were numbered. */
async function postedInOrder(api: Client, base: string): Promise<string[]> {
  const events = await wholeFeed<FeedEvent>(api, base);
  return events.filter((e) => e.type === 'JournalPosted').sort((a, b) => a.sequence - b.sequence).map((e) => e.recordId);
}

describe('entry numbers in the table', () => {
  it('finishes the numbers of a claim whose sequencer died after claiming: the next sequencer writes those the claim fixed, 1..N in event order', async () => {
    // Arrange: six journals created and posted, their twelve events pending.
    const { api, base, companyId } = await pendingPostings(gateway.url, 6, '2026-01-14');
    // Every batch is claimed (never numbered at once); the process dies once the claim committed, before any fill.
    const faults = faultInjector();
    faults.mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: TransactItems }) => {
      if (atOnce(input.TransactItems)) throw tooLarge();
      const result = await faults.realSend(new TransactWriteCommand(input as never));
      if (claims(input.TransactItems)) throw crashed();
      return result;
    });
    try {
      await expect(numberPending(eventFeed, companyId)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      faults.mock.restore();
    }
    // Left between the two: the events claimed, no journal numbered, the count not moved.
    expect(await eventHead(companyId)).toMatchObject({ entries: 0, filling: expect.anything() });

    // Act: the next sequencer, the claim's lease over.
    process.env.NUMBERING_CLAIM_LEASE_MS = '0';
    try {
      await numberPending(eventFeed, companyId);
    } finally {
      delete process.env.NUMBERING_CLAIM_LEASE_MS;
    }

    // Assert
    const order = await postedInOrder(api, base);
    expect(order).toHaveLength(6);
    expect(await numbersOf(api, base, order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await eventHead(companyId)).entries).toBe(6);
    expect((await api.get(`${base}/Audit/JournalNumbers`)).body).toMatchObject({ count: 6, found: 6, complete: true });
  }, 120_000);

  it('gives each journal its number once: a sequencer run again after the numbering changes nothing', async () => {
    const { api, base, companyId } = await pendingPostings(gateway.url, 3, '2026-01-15');
    await numberPending(eventFeed, companyId);
    const order = await postedInOrder(api, base);
    const before = await getItem(keys.journalEntryNumber(companyId, order[1]!));

    // A journal posted again after an Adjust keeps its number; the run goes on from the count.
    const journal = (await api.get(`${base}/Journals/${order[1]}`)).body;
    const adjusted = (await api.post(`${base}/Journals/${journal.id}/Adjust`, { version: journal.version })).body;
    expect((await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-01-16', version: adjusted.version })).status).toBe(200);
    await numberPending(eventFeed, companyId);

    expect(await getItem(keys.journalEntryNumber(companyId, order[1]!))).toEqual(before);
    expect(await numbersOf(api, base, order)).toEqual([1, 2, 3]);
    expect((await eventHead(companyId)).entries).toBe(3);
  }, 120_000);

  it('finds a gap where a number was removed in the table, and a repeat where two journals hold one', async () => {
    // Arrange
    const { api, base, companyId } = await pendingPostings(gateway.url, 5, '2026-01-16');
    await numberPending(eventFeed, companyId);
    const order = await postedInOrder(api, base);
    const complete = await api.get(`${base}/Audit/JournalNumbers`);

    // Act: the third journal's number deleted; the fifth given the first's.
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: keys.journalEntryNumber(companyId, order[2]!) }));
    const removed = await api.get(`${base}/Audit/JournalNumbers`);
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.journalEntryNumber(companyId, order[4]!), UpdateExpression: 'SET entryNumber = :n', ExpressionAttributeValues: { ':n': 1 } }));
    const repeated = await api.get(`${base}/Audit/JournalNumbers`);

    // Assert
    expect(complete.body).toEqual({ count: 5, first: 1, last: 5, found: 5, missing: 0, gaps: [], repeated: [], complete: true });
    expect(removed.body).toEqual({ count: 5, first: 1, last: 5, found: 4, missing: 1, gaps: [{ from: 3, to: 3 }], repeated: [], complete: false });
    expect(repeated.body).toEqual({ count: 5, first: 1, last: 5, found: 4, missing: 2, gaps: [{ from: 3, to: 3 }, { from: 5, to: 5 }], repeated: [1], complete: false });
    expect((await api.get(`${base}/Journals/${order[2]}`)).body.entryNumber).toBeUndefined();
  }, 120_000);
});
