import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { bookChangesAfter, bookChangesPage } from '../../../shared/db/stores/book-change-store.ts';
import { knownKeys } from '../../../shared/db/table/keys.ts';
import { eventFeed } from '../../../shared/db/stores/event-ports.ts';
import { numberPending } from '../../../shared/events/numbering-rules.ts';
import { useGateway } from '../../support/api.ts';
import { instant } from '../../support/instants.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';
import { faultInjector } from '../support/faults.ts';
import { bookChangeItems } from '../support/spread-items.ts';

/** Book changes are spread over keys by their event's number (docs/decisions.md, Capacity): every read merges them in commit order. */
const gateway = useGateway();

describe('reading book changes spread over keys', () => {
  it('pages through the changes after an instant in commit order, each once, however small the page', async () => {
    // Arrange: seven postings, their changes under several keys.
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const t0 = await instant();
    for (let i = 1; i <= 7; i++) await postedJournal(api, base, `2026-01-${10 + i}`, [debit(chart.cash.id, i), credit(chart.sales.id, i)]);
    await numberPending(eventFeed, companyId);
    const items = await bookChangeItems(companyId);
    expect(new Set(items.map((i) => i.pk)).size).toBeGreaterThan(1);
    const all = await bookChangesAfter(companyId, t0, 1000);
    expect(all.map((c) => c.sequence)).toEqual([...all.map((c) => c.sequence)].sort((a, b) => a - b));
    expect(all.map((c) => c.journalId)).toHaveLength(7);

    for (const limit of [1, 2, 3, 7, 8]) {
      // Act: page after page.
      const paged: number[] = [];
      let startAfter: string | undefined;
      let pages = 0;
      do {
        const page = await bookChangesPage(companyId, t0, startAfter, limit);
        expect(page.changes.length).toBeLessThanOrEqual(limit);
        paged.push(...page.changes.map((c) => c.sequence));
        startAfter = page.last;
        pages++;
      } while (startAfter && pages < 20);

      // Assert: the same changes in the same order as one read.
      expect(paged, `limit ${limit}`).toEqual(all.map((c) => c.sequence));
    }
    // Keys sort as commit order: the instant, then the event's number.
    const keysInOrder = all.map((c) => knownKeys.bookChange(companyId, c.occurredAt, c.sequence, 0).sk);
    expect(keysInOrder).toEqual([...keysInOrder].sort());
  });

  it('holds a page back where a key\'s read stopped short of its limit (1 MB a response), so no change is skipped', async () => {
    // Arrange: twelve postings, so the key of the first change holds a later one too, before the last; reads of that key
    // stop after one item, as a full 1 MB response does.
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const t0 = await instant();
    for (let i = 1; i <= 12; i++) await postedJournal(api, base, `2026-02-${10 + i}`, [debit(chart.cash.id, i), credit(chart.sales.id, i)]);
    await numberPending(eventFeed, companyId);
    const all = (await bookChangesAfter(companyId, t0, 1000)).map((c) => c.sequence);
    const crowded = knownKeys.bookChangePartition(companyId, all[0]!);
    const there = all.filter((sequence) => knownKeys.bookChangePartition(companyId, sequence) === crowded);
    expect(there.length).toBeGreaterThanOrEqual(2);
    expect(there[1]).toBeLessThan(all.at(-1)!);
    const faults = faultInjector();
    faults.mock.on(QueryCommand).callsFake((input: QueryCommandInput) =>
      faults.realSend(new QueryCommand(input.ExpressionAttributeValues?.[':pk'] === crowded && input.Limit ? { ...input, Limit: 1 } : input)),
    );
    try {
      // Act: pages of the whole stretch at once.
      const paged: number[] = [];
      let startAfter: string | undefined;
      let pages = 0;
      do {
        const page = await bookChangesPage(companyId, t0, startAfter, 20);
        paged.push(...page.changes.map((c) => c.sequence));
        startAfter = page.last;
        pages++;
      } while (startAfter && pages < 30);

      // Assert: every change once, in order, over more than one page.
      expect(paged).toEqual(all);
      expect(pages).toBeGreaterThan(1);
    } finally {
      faults.mock.restore();
    }
  });
});
