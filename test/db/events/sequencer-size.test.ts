import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/db/table/client.ts';
import { eventHead } from '../../../shared/db/events/event-store.ts';
import { eventFeed } from '../../../shared/db/stores/event-ports.ts';
import { numberPending } from '../../../shared/events/numbering-rules.ts';
import { useGateway } from '../../support/api.ts';
import { faultInjector } from '../support/faults.ts';
import { pendingPostings } from '../support/pending-postings.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/** Numbering (db/events/sequencer.ts) when DynamoDB refuses its transaction for its size, which it estimates from the events' data only. */
const gateway = useGateway();

describe('numbering events', () => {
  it('numbers them in smaller batches after DynamoDB refuses a transaction for its size, each once and in order', async () => {
    // Arrange: eight events pending (four journals created and posted).
    const { api, base, companyId, from } = await pendingPostings(gateway.url, 4, '2026-01-10');
    // A numbering transaction of more than two events is "too large".
    const faults = faultInjector();
    let refused = 0;
    faults.mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: Array<{ Put?: { Item?: { entity?: string } } }> }) => {
      if (input.TransactItems.filter((i) => i.Put?.Item?.entity === 'Event').length > 2) {
        refused++;
        throw Object.assign(new Error('Transaction request cannot be larger than 4 MB'), { name: 'ValidationException' });
      }
      return faults.realSend(new TransactWriteCommand(input as never));
    });

    // Act
    let numbered = 0;
    try {
      for (let n = await numberPending(eventFeed, companyId); n > 0; n = await numberPending(eventFeed, companyId)) numbered += n;
    } finally {
      faults.mock.restore();
    }

    // Assert
    expect(refused).toBeGreaterThan(0);
    expect(numbered).toBe(8);
    expect((await eventHead(companyId)).next).toBe(from + 8);
    const feed = await api.get(`${base}/Events?after=${from - 1}`);
    expect(feed.body.results.map((e: { sequence: number }) => e.sequence)).toEqual(Array.from({ length: 8 }, (_, i) => from + i));
  });

  it("reads the pending partitions once for a lone write's event, not again to find nothing", async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    while ((await numberPending(eventFeed, companyId)) > 0);
    expect((await api.post(`${base}/Journals`, { date: '2026-01-10', entries: [debit(chart.cash.id, 1), credit(chart.sales.id, 1)] })).status).toBe(200);
    const send = vi.spyOn(db(), 'send');
    try {
      expect(await numberPending(eventFeed, companyId)).toBe(1);
      // One query of its pending partition (a quiet company's: its own key), not a second round.
      const pendingReads = send.mock.calls.filter(([command]) => command instanceof QueryCommand && (command.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':from'] === 'EVENTQ#');
      expect(pendingReads).toHaveLength(1);
    } finally {
      send.mockRestore();
    }
  });
});
