import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';
import { wholeFeed } from '../../support/feed.ts';

const gateway = useGateway();

const feed = (api: Client, base: string) => wholeFeed<Record<string, unknown> & { sequence: number; hash: string; previousHash: string }>(api, base);

/** The documented algorithm (README, Auditing), written here apart from the service's code. */
const chainHash = (previousHash: string, eventWithoutHash: unknown) => createHash('sha256').update(`${previousHash}${canonicalize(eventWithoutHash)}`, 'utf8').digest('hex');

describe('audit chain', () => {
  it('chains every event of the feed: recomputed from the feed alone, outside the service, with the documented algorithm', async () => {
    // Arrange: accounts, cost centers, a year, journals posted and voided, an API key, a large journal.
    const books = await companyBooks(gateway.url);
    const { api, base, chart } = books;
    await postedJournal(api, base, '2026-02-01', [debit(chart.cash.id, '1234.56', chart.hq.id), credit(chart.sales.id, '1234.56')]);
    const voided = await postedJournal(api, base, '2026-02-02', [debit(chart.rent.id, '0.10'), credit(chart.bank.id, '0.10')]);
    await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version });
    await api.post(`${base}/ApiKeys`, { name: 'reader', permissions: ['events:read'] });
    const wide = Array.from({ length: 200 }, (_, i) => debit(chart.rent.id, '1.00', i % 2 ? chart.hq.id : chart.branch.id));
    const large = await api.post(`${base}/Journals`, { date: '2026-02-03T00:00:00Z', description: 'large', entries: [...wide, credit(chart.bank.id, '200.00')] });
    expect(large.status).toBe(200);

    // Act
    const events = await feed(api, base);

    // Assert
    expect(events.length).toBe(20);
    expect(events.some((e) => e.dataOmittedReason === 'size')).toBe(true);
    let previousHash = '0'.repeat(64);
    for (const event of events) {
      const { hash, ...withoutHash } = event;
      expect(event.previousHash, `#${event.sequence}`).toBe(previousHash);
      expect(hash, `#${event.sequence}`).toMatch(/^[0-9a-f]{64}$/);
      expect(chainHash(previousHash, withoutHash), `#${event.sequence}`).toBe(hash);
      previousHash = hash;
    }
  });

  it('carries a digest of each journal, account and cost center as it stood after the change, also when the data is left out for its size', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const wide = Array.from({ length: 200 }, () => debit(chart.rent.id, '1.00'));
    const large = (await api.post(`${base}/Journals`, { date: '2026-02-03T00:00:00Z', entries: [...wide, credit(chart.bank.id, '200.00')] })).body;

    const events = await feed(api, base);

    const digest = (state: Record<string, unknown>) => {
      const { path: _path, classification: _classification, cashFlowCategory: _cashFlowCategory, ...own } = state;
      // A journal's who-did-what fields and an account's outside codes count only once they hold something (records written before them keep their digest).
      const later = ['importId', 'createdBy', 'editedBy', 'updatedBy', 'submittedBy', 'submittedAt', 'approvals', 'approvedBy', 'approvedAt', 'rejection', 'postedBy', 'postedAt', 'voidedBy', 'voidedAt', 'standardAccountCode', 'groupingCategory', 'groupingCode'];
      const kept = Object.fromEntries(Object.entries(own).filter(([field, value]) => !(later.includes(field) && (value === null || (Array.isArray(value) && value.length === 0)))));
      return createHash('sha256').update(canonicalize(kept)!, 'utf8').digest('hex');
    };
    const cash = events.find((e) => e.recordId === chart.cash.id)!;
    expect(cash.recordDigest).toBe(digest(chart.cash));
    const journal = events.find((e) => e.recordId === large.id)!;
    expect(journal).toMatchObject({ data: null, dataOmittedReason: 'size', recordDigest: digest(large) });
    expect(events.find((e) => e.type === 'FinancialYearCreated')!.recordDigest).toBeNull();
    expect(events.every((e) => typeof e.requestId === 'string')).toBe(true);
  });
});
