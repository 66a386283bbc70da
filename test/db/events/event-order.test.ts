import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventFeed } from '../../../shared/db/stores/event-ports.ts';
import { numberPending } from '../../../shared/events/numbering-rules.ts';
import { companyOwner, useGateway, type ApiResponse, type Client } from '../../support/api.ts';
import { credit, debit, year2026 } from '../../support/ledger.ts';
import { wholeFeed } from '../../support/feed.ts';

const gateway = useGateway();

/** A write as the client saw it: when it was sent, when its answer came, and the event it must record. */
interface Write {
  sentAt: number;
  answeredAt: number;
  recordId: string;
  version: number;
}

/** Sends a write and notes when it was sent and answered (one process, one monotonic clock). */
async function timed(writes: Write[], send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const sentAt = performance.now();
  const response = await send();
  const answeredAt = performance.now();
  if (response.status !== 200) throw new Error(`${response.sent.method} ${response.sent.path}: ${response.text}`);
  writes.push({ sentAt, answeredAt, recordId: response.body.id, version: response.body.version });
  return response;
}

const feed = (api: Client, base: string) => wholeFeed<{ sequence: number; recordId: string; version: number }>(api, base);

/**
 * One company's writes, each depending on the one before: an account, a journal naming it, its
 * posting; two writers at once, `rounds` times each.
 */
async function dependentWrites(rounds: number) {
  const owner = await companyOwner(gateway.url);
  const writes: Write[] = [];
  const n = (text: string) => ({ english: text, arabic: text });
  const assets = (await timed(writes, () => owner.api.post(`${owner.base}/Accounts`, { code: '1', name: n('Assets'), type: 'category', classification: 'asset' }))).body;
  const revenue = (await timed(writes, () => owner.api.post(`${owner.base}/Accounts`, { code: '4', name: n('Revenue'), type: 'category', classification: 'revenue' }))).body;
  const sales = (await timed(writes, () => owner.api.post(`${owner.base}/Accounts`, { code: '41', name: n('Sales'), type: 'leaf', parentId: revenue.id }))).body;
  await year2026(owner.api, owner.base);
  const writer = async (w: number) => {
    for (let i = 0; i < rounds; i++) {
      const account = (await timed(writes, () => owner.api.post(`${owner.base}/Accounts`, { code: `1${w}${i}`, name: n(`Cash ${w}.${i}`), type: 'leaf', parentId: assets.id }))).body;
      const journal = (await timed(writes, () => owner.api.post(`${owner.base}/Journals`, { date: '2026-02-01T08:00:00Z', entries: [debit(account.id, '1.00'), credit(sales.id, '1.00')] }, { 'Idempotency-Key': randomUUID() }))).body;
      await timed(writes, () => owner.api.post(`${owner.base}/Journals/${journal.id}/Post`, { postingDate: '2026-02-01', version: journal.version }));
    }
  };
  await Promise.all([writer(1), writer(2)]);
  return { owner, writes };
}

describe('event order', () => {
  it('never numbers an event before one that committed before its request was sent, across many companies at once', async () => {
    // Arrange: sequencers racing the writes of half the companies (as the stream function
    // would); the other half's events all wait, to be numbered in one go at the end.
    let writing = true;
    const raced = new Set<string>();
    const racers: Promise<void>[] = [];
    const race = (companyId: string) => {
      raced.add(companyId);
      const loop = async () => {
        while (writing) {
          await numberPending(eventFeed, companyId);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
        }
      };
      racers.push(loop(), loop());
    };

    // Act
    const companies = await Promise.all(
      Array.from({ length: 8 }, async (_, c) => {
        const started = dependentWrites(6);
        if (c % 2 === 0) void started.then(({ owner }) => race(owner.companyId));
        return started;
      }),
    );
    writing = false;
    await Promise.all(racers);

    // Assert: for every pair of writes of a company, one answered before the other was sent
    // comes first in the feed.
    for (const { owner, writes } of companies) {
      const events = await feed(owner.api, owner.base);
      const sequenceOf = new Map(events.map((e) => [`${e.recordId} ${e.version}`, e.sequence]));
      expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
      const out: string[] = [];
      for (const a of writes) {
        for (const b of writes) {
          if (a.answeredAt >= b.sentAt) continue;
          const [before, after] = [sequenceOf.get(`${a.recordId} ${a.version}`), sequenceOf.get(`${b.recordId} ${b.version}`)];
          if (before === undefined || after === undefined || before >= after) out.push(`${a.recordId} v${a.version} (#${before}) then ${b.recordId} v${b.version} (#${after})`);
        }
      }
      expect(out, raced.has(owner.companyId) ? 'sequenced while writing' : 'sequenced at the end').toEqual([]);
      expect(events[0]).toMatchObject({ recordId: owner.companyId });
    }
  }, 120_000);
});
