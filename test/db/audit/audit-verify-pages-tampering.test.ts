import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { balanceKeys } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { releaseRunSlot, takeRunSlot } from '../../../shared/db/stores/run-slot-store.ts';
import { client, companyOwner, useGateway } from '../../support/api.ts';
import { PAGE_EVENTS, pagedBooks, verifyAtOnce, verifyByPages, verifyInPagesOfTwenty, type VerifyAnswer } from '../../support/verify-pages.ts';
import { balanceItems, ledgerItems, withDataReplaced } from '../support/spread-items.ts';

/**
 * Verify over several requests finding items changed directly in the table, and the run slots it
 * takes (test/http/audit/audit-verify-pages.test.ts walks untouched books and refuses cursors).
 */
const gateway = useGateway();
verifyInPagesOfTwenty();

type Item = Record<string, unknown>;

const getItem = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }))).Item!;
const putItem = (item: Item) => db().send(new PutCommand({ TableName: config.tableName, Item: item }));

describe('audit verification in pages, of items changed in the table', () => {
  let books: Awaited<ReturnType<typeof pagedBooks>>;
  beforeAll(async () => {
    books = await pagedBooks(gateway.url);
  });

  it('finds an event altered in a later request, and a record changed behind the API whose last event is in the first', async () => {
    // Arrange
    const { api, base, companyId, chart, events } = books;
    const altered = events.filter((e) => e.type === 'JournalPosted').at(-3)!;
    expect(altered.sequence).toBeGreaterThan(2 * PAGE_EVENTS);
    const bankCreated = events.find((e) => e.type === 'AccountCreated' && e.recordId === chart.bank.id)!;
    expect(bankCreated.sequence).toBeLessThanOrEqual(PAGE_EVENTS);

    // Act: an event's data changed in the table.
    const eventItem = await getItem(keys.event(companyId, altered.sequence));
    await putItem(withDataReplaced(eventItem, '"2026-03', '"2025-03'));
    const eventPages = await verifyByPages(api, base);
    const eventAtOnce = await verifyAtOnce(api, base);
    await putItem(eventItem);

    // Act: an account moved to a version no event records (its only event is in the first request).
    const bankKey = keys.node('ACCOUNT', companyId, chart.bank.id);
    const bank = await getItem(bankKey);
    await putItem({ ...bank, code: '1199', version: Number(bank.version) + 1 });
    const recordPages = await verifyByPages(api, base);
    const recordAtOnce = await verifyAtOnce(api, base);
    await putItem(bank);

    // Assert
    expect(eventPages.length).toBeGreaterThan(2);
    expect(eventPages.at(-1)).toMatchObject({ verified: false, firstBrokenSequence: altered.sequence, reason: expect.stringContaining('does not match its hash'), nextPage: null });
    expect(eventPages.at(-1)).toEqual(eventAtOnce);
    expect(recordPages).toHaveLength(1);
    expect(recordPages[0]).toMatchObject({ verified: false, firstBrokenSequence: bankCreated.sequence, reason: expect.stringContaining(`account ${chart.bank.id} is at version ${Number(bank.version) + 1} in the table, which no event records`) });
    expect(recordAtOnce).toMatchObject({ verified: false, firstBrokenSequence: bankCreated.sequence, reason: recordPages[0]!.reason });
    expect(await verifyAtOnce(api, base)).toMatchObject({ verified: true });
  });

  it('checks the balances once the range is walked, here one account-in-period a request: a balance changed behind the API is found in a request after the walk, at the first posting into it, also before a later altered event', async () => {
    // Arrange: the company's postings go into cash and sales in March; the one whose pair is checked last gets a changed balance item.
    const { api, base, companyId, chart, events } = books;
    const firstPosted = events.find((e) => e.type === 'JournalPosted')!;
    const { periodId } = (await api.get(`${base}/Journals/${firstPosted.recordId}`)).body as { periodId: string };
    const lastChecked = [chart.cash.id, chart.sales.id].sort().at(-1)!;
    const [shard] = await balanceItems(companyId, `${balanceKeys.periodBalancePrefix(periodId)}${lastChecked}#`);
    const altered = events.filter((e) => e.type === 'JournalPosted').at(-1)!;
    const eventItem = await getItem(keys.event(companyId, altered.sequence));
    const walkRequests = Math.ceil(events.length / PAGE_EVENTS);
    const byPairPages = async () => {
      process.env.VERIFY_PAGE_PAIRS = '1';
      try {
        return await verifyByPages(api, base);
      } finally {
        delete process.env.VERIFY_PAGE_PAIRS;
      }
    };

    // Act: a balance item changed; then an event after the first posting too.
    try {
      await putItem({ ...shard!, credit: Number(shard!.credit) + 1 });
      const balancePages = await byPairPages();
      const balanceAtOnce = await verifyAtOnce(api, base);
      await putItem(withDataReplaced(eventItem, '"2026-03', '"2025-03'));
      const bothPages = await byPairPages();
      const bothAtOnce = await verifyAtOnce(api, base);
      await putItem(shard!);
      const eventOnly = await verifyAtOnce(api, base);
      await putItem(eventItem);

      // Assert
      expect(balancePages).toHaveLength(walkRequests + 1);
      expect(balancePages.at(-2)).toMatchObject({ verified: true, checked: events.length, toSequence: events.length, nextPage: expect.any(String) });
      expect(balancePages.at(-1)).toMatchObject({ verified: false, checked: events.length, firstBrokenSequence: firstPosted.sequence, reason: expect.stringContaining(`balance of account ${lastChecked} in period`), nextPage: null });
      expect(balancePages.at(-1)!.reason).toContain('but its ledger entries add up to');
      expect(balanceAtOnce).toEqual(balancePages.at(-1));
      expect(bothPages.at(-1)).toMatchObject({ verified: false, firstBrokenSequence: firstPosted.sequence, reason: balancePages.at(-1)!.reason, nextPage: null });
      expect(bothAtOnce).toEqual(bothPages.at(-1));
      expect(eventOnly).toMatchObject({ verified: false, firstBrokenSequence: altered.sequence, reason: expect.stringContaining('does not match its hash') });
    } finally {
      await putItem(eventItem);
      await putItem(shard!);
    }
    expect(await verifyAtOnce(api, base)).toMatchObject({ verified: true });
  });

  it('names the balance, not the ledger entry, when a changed entry breaks both at the first posting, across requests as in one', async () => {
    // Arrange: the first posted journal's entry on cash says 5 more than the journal (and than cash's balance items).
    const { api, base, companyId, chart, events } = books;
    const firstPosted = events.find((e) => e.type === 'JournalPosted')!;
    const entry = (await ledgerItems(companyId, `LEDGER#${chart.cash.id}#`)).find((item) => item.journalId === firstPosted.recordId)!;
    const lines = entry.lines as Array<Record<string, unknown>>;

    // Act
    await putItem({ ...entry, lines: [{ ...lines[0], amount: String(Number(lines[0]!.amount) + 5) }, ...lines.slice(1)] });
    let pages: VerifyAnswer[];
    process.env.VERIFY_PAGE_PAIRS = '1';
    try {
      pages = await verifyByPages(api, base);
    } finally {
      delete process.env.VERIFY_PAGE_PAIRS;
    }
    const atOnce = await verifyAtOnce(api, base);
    await putItem(entry);

    // Assert
    expect(pages.at(-1)).toMatchObject({ verified: false, firstBrokenSequence: firstPosted.sequence, reason: expect.stringContaining(`balance of account ${chart.cash.id} in period`), nextPage: null });
    // A run stops walking at the first request with a break; one request walks on to the head, so only the count differs.
    expect(pages.at(-1)).toEqual({ ...atOnce, checked: expect.any(Number) });
    expect(await verifyAtOnce(api, base)).toMatchObject({ verified: true });
  });

  it('runs at most two Verify requests of a company at once: a third is 429 with Retry-After, other companies unaffected', async () => {
    // Two slots (the default is one): the second slot shows a slot freed beside one still held.
    process.env.VERIFY_RUNS_PER_COMPANY = '2';
    // Arrange: two runs under way in the company (its two slots held).
    const { api, base, companyId } = await companyOwner(gateway.url);
    const other = await companyOwner(gateway.url);
    const viewer = (await api.post(`${base}/ApiKeys`, { name: 'auditor', permissions: ['audit:read'] })).body.key;
    const held = [await takeRunSlot(companyId, 'verify', 2, 60_000), await takeRunSlot(companyId, 'verify', 2, 60_000)];
    expect(held.every(Boolean)).toBe(true);

    // Act
    const refused = await client(gateway.url, `Bearer ${viewer}`).get(`${base}/Audit/Verify`);
    const elsewhere = await other.api.get(`${other.base}/Audit/Verify`);
    await releaseRunSlot(companyId, 'verify', held[0]!);
    const afterOneEnded = await api.get(`${base}/Audit/Verify`);
    const slotsAfter = [await takeRunSlot(companyId, 'verify', 2, 60_000), await takeRunSlot(companyId, 'verify', 2, 60_000)];
    await Promise.all([held[1]!, slotsAfter[0]!].map((run) => releaseRunSlot(companyId, 'verify', run)));
    // Slots whose runs never ended are free once their leases run out.
    const stale = [await takeRunSlot(companyId, 'verify', 2, 2_000), await takeRunSlot(companyId, 'verify', 2, 2_000)];
    const whileStaleHeld = await api.get(`${base}/Audit/Verify`);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const afterLeases = await api.get(`${base}/Audit/Verify`);

    // Assert
    expect(refused.status, refused.text).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect(refused.body.errors[0]).toMatchObject({ name: 'generalErrors', code: 'TooManyVerifyRuns' });
    expect(elsewhere.status).toBe(200);
    expect(afterOneEnded.status, afterOneEnded.text).toBe(200);
    // The answered run gave its slot back: one was free beside the slot still held.
    expect(slotsAfter.map(Boolean)).toEqual([true, false]);
    expect(stale.every(Boolean)).toBe(true);
    expect(whileStaleHeld.status).toBe(429);
    expect(afterLeases.status, afterLeases.text).toBe(200);
  });
});
