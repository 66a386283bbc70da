import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { eventHead, eventsPage, getEvent } from '../../../shared/db/events/event-store.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { getItem } from '../../../shared/db/table/table-ops.ts';
import { eventFeed } from '../../../shared/db/stores/event-ports.ts';
import { numberPending } from '../../../shared/events/numbering-rules.ts';
import { useGateway, type Client } from '../../support/api.ts';
import { faultInjector } from '../support/faults.ts';
import { wholeFeed } from '../../support/feed.ts';
import { pendingPostings } from '../support/pending-postings.ts';

/** Numbering in claims (db/events/numbering-claim-store.ts, db/events/claim-fill.ts): a claim left open is finished by the next sequencer, each event once. */
const gateway = useGateway();

type TransactItems = Array<{ Put?: { Item?: { entity?: string } }; Update?: { Key?: { sk?: string } }; Delete?: unknown }>;

const writesEvents = (items: TransactItems) => items.some((item) => item.Put?.Item?.entity === 'Event');
/** A batch numbered in one transaction with the counter, which these tests refuse for its size so that every batch is claimed. */
const atOnce = (items: TransactItems) => writesEvents(items) && items.some((item) => item.Update?.Key?.sk === 'EVENTSEQ');
const tooLarge = () => Object.assign(new Error('Transaction request cannot be larger than 4 MB'), { name: 'ValidationException' });

/** With claims' lease at 0 (config.numberingClaimLeaseMs): a sequencer finding a claim open finishes it at once. */
async function withoutLease<T>(work: () => Promise<T>): Promise<T> {
  process.env.NUMBERING_CLAIM_LEASE_MS = '0';
  try {
    return await work();
  } finally {
    delete process.env.NUMBERING_CLAIM_LEASE_MS;
  }
}

/** The feed from `from` on (sequence, event id), and whether the audit chain verifies. */
async function feedAndChain(api: Client, base: string, from: number) {
  const feed = (await wholeFeed<{ sequence: number; id: string }>(api, base)).filter((e) => e.sequence >= from);
  const verify = await api.get(`${base}/Audit/Verify`);
  return { sequences: feed.map((e) => e.sequence), ids: new Set(feed.map((e) => e.id)).size, verified: verify.body.verified };
}

describe('numbering claims', () => {
  it("finishes a claim whose sequencer died after writing part of it: every event once, in order, the chain whole; readers stop below it meanwhile", async () => {
    // Arrange: eight events pending (four journals created and posted).
    const { api, base, companyId, from } = await pendingPostings(gateway.url, 4, '2026-01-10');
    // The claim's fill commits its first event's items only, then the process dies.
    const faults = faultInjector();
    faults.mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: TransactItems }) => {
      const items = input.TransactItems;
      if (atOnce(items)) throw tooLarge();
      if (!writesEvents(items)) return faults.realSend(new TransactWriteCommand(input as never));
      const secondEvent = items.findIndex((item, i) => i > 0 && item.Delete !== undefined);
      await faults.realSend(new TransactWriteCommand({ TransactItems: items.slice(0, secondEvent) } as never));
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    });
    try {
      await expect(numberPending(eventFeed, companyId)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      faults.mock.restore();
    }

    // Left open: the head below the claim, its first event written but not in the feed.
    const open = await eventHead(companyId);
    const page = await eventsPage(companyId, { after: from - 1, types: [] }, 100, undefined);
    expect(open).toMatchObject({ next: from, filling: { from, to: from + 7 } });
    expect(await getEvent(companyId, from)).toBeDefined();
    expect(page.results).toEqual([]);

    // Act: the next sequencer, the claim's lease over.
    await withoutLease(() => numberPending(eventFeed, companyId));

    // Assert
    const head = await eventHead(companyId);
    expect(head).toEqual({ next: from + 8, hash: expect.stringMatching(/^[0-9a-f]{64}$/), entries: 4 });
    expect(await getItem(keys.numberingClaim(companyId, from))).toBeUndefined();
    expect(await feedAndChain(api, base, from)).toEqual({ sequences: Array.from({ length: 8 }, (_, i) => from + i), ids: 8, verified: true });
  });

  it('does not claim events another sequencer numbered between its read of them and its read of the head', async () => {
    // Arrange: 60 events pending, too many items for one transaction (a claim).
    const { api, base, companyId, from } = await pendingPostings(gateway.url, 30, '2026-01-12');
    // The first read of the pending events ends, another sequencer numbers them all, and only then are the head and the open stretch read.
    const faults = faultInjector();
    let other: Promise<number> | undefined;
    let passThrough = false;
    let interfered!: () => void;
    const interference = new Promise<void>((resolve) => (interfered = resolve));
    faults.mock.on(QueryCommand).callsFake(async (input: { ExpressionAttributeValues?: Record<string, unknown> }) => {
      const result = await faults.realSend(new QueryCommand(input as never));
      if (!passThrough && !other && input.ExpressionAttributeValues?.[':from'] === 'EVENTQ#') {
        passThrough = true;
        other = numberPending(eventFeed, companyId);
        await other;
        interfered();
      }
      return result;
    });
    // The head, and the open stretch of summaries read with it (whose condition would otherwise refuse the claim).
    const delayed = new Set(['EVENTSEQ', 'BOOKSUM#OPEN']);
    faults.mock.on(GetCommand).callsFake(async (input: { Key: { sk: string } }) => {
      if (!passThrough && delayed.delete(input.Key.sk)) await interference;
      return faults.realSend(new GetCommand(input as never));
    });

    // Act
    try {
      await numberPending(eventFeed, companyId);
    } finally {
      faults.mock.restore();
    }

    // Assert: the other numbered all 60; nothing claimed twice, no hole.
    expect(await other).toBe(60);
    expect(await eventHead(companyId)).toEqual({ next: from + 60, hash: expect.stringMatching(/^[0-9a-f]{64}$/), entries: 30 });
    expect(await feedAndChain(api, base, from)).toEqual({ sequences: Array.from({ length: 60 }, (_, i) => from + i), ids: 60, verified: true });
  });

  it('makes no claim with NUMBERING_CLAIMS=off: a batch too large for one transaction is numbered in smaller ones', async () => {
    const { api, base, companyId, from } = await pendingPostings(gateway.url, 20, '2026-01-13');
    const faults = faultInjector();
    const claims: number[] = [];
    faults.mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: TransactItems }) => {
      claims.push(input.TransactItems.filter((item) => item.Put?.Item?.entity === 'NumberingClaim').length);
      return faults.realSend(new TransactWriteCommand(input as never));
    });
    process.env.NUMBERING_CLAIMS = 'off';
    try {
      while ((await numberPending(eventFeed, companyId)) > 0);
    } finally {
      delete process.env.NUMBERING_CLAIMS;
      faults.mock.restore();
    }

    expect(claims.length).toBeGreaterThan(1);
    expect(claims.every((n) => n === 0)).toBe(true);
    expect(await feedAndChain(api, base, from)).toEqual({ sequences: Array.from({ length: 40 }, (_, i) => from + i), ids: 40, verified: true });
  });

  it('numbers each event once when sequencers finish one another’s claims at once', async () => {
    // 24 events: a claim written in two transactions side by side (db/events/fill-slices.ts).
    const { api, base, companyId, from } = await pendingPostings(gateway.url, 12, '2026-01-11');

    // A fill transaction is held until another sequencer's fill arrives (a third, the claim's own
    // two slices being the first two) or 5 s pass: the others find the claim open with its events
    // unwritten, and write them too, however slowly they start.
    const faults = faultInjector();
    let fills = 0;
    let another = () => {};
    const anotherArrived = new Promise<void>((resolve) => (another = resolve));
    faults.mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: TransactItems }) => {
      if (atOnce(input.TransactItems)) throw tooLarge();
      if (writesEvents(input.TransactItems)) {
        if (++fills > 2) another();
        await Promise.race([anotherArrived, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      }
      return faults.realSend(new TransactWriteCommand(input as never));
    });
    try {
      await withoutLease(() => Promise.all(Array.from({ length: 4 }, () => numberPending(eventFeed, companyId))));
    } finally {
      faults.mock.restore();
    }

    expect(fills).toBeGreaterThan(2);

    expect((await eventHead(companyId)).next).toBe(from + 24);
    expect(await feedAndChain(api, base, from)).toEqual({ sequences: Array.from({ length: 24 }, (_, i) => from + i), ids: 24, verified: true });
  });
});
