import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { wholeFeed } from '../../support/feed.ts';
import { imported } from '../../support/imports.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';

/**
 * Text the edge would refuse (a lone surrogate) but the books already hold, as records written
 * before the check would: with the check off for this file, such a record must not stop the
 * company's numbering, its Verify or its other imports. Its event is hashed with the surrogate
 * as U+FFFD (audit/chain.ts: canonicalText) and reported for an operator (db/events/repaired-text.ts).
 */
vi.mock('../../../shared/text/well-formed.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/text/well-formed.ts')>()),
  textProblems: () => [],
  textKeepingProblem: () => undefined,
}));

const gateway = useGateway();
const POISON = 'rent \ud800 March';

describe('a record holding a lone surrogate', () => {
  it('is numbered and verified like any other, later events go on, and an operator is told', async () => {
    // Arrange: a journal whose description holds the surrogate, then an ordinary one.
    const { api, base, chart } = await companyBooks(gateway.url);
    const created = await api.post(`${base}/Journals`, { date: '2026-03-01T08:00:00Z', description: POISON, entries: [debit(chart.rent.id, 5), credit(chart.cash.id, 5)] });
    expect(created.status, created.text).toBe(200);
    const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-03-01', version: 1 });
    expect(posted.status, posted.text).toBe(200);
    await postedJournal(api, base, '2026-03-02', [debit(chart.cash.id, 7), credit(chart.sales.id, 7)]);

    // Act
    const events = await wholeFeed<{ type: string; recordId: string; sequence: number; data: { description?: string } }>(api, base);
    const verify = await api.get(`${base}/Audit/Verify`);
    const report = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`);

    // Assert: every event numbered in order, the surrogate kept as written, the chain whole.
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.recordId === created.body.id).map((e) => e.type)).toEqual(['JournalCreated', 'JournalPosted']);
    expect(events.find((e) => e.recordId === created.body.id)!.data.description).toBe(POISON);
    expect(events.filter((e) => e.type === 'JournalPosted')).toHaveLength(2);
    expect(verify.status, verify.text).toBe(200);
    expect(verify.body).toMatchObject({ verified: true, firstBrokenSequence: null });
    expect(report.status, report.text).toBe(200);
    const log = readFileSync(process.env.LOG_FILE!, 'utf8');
    expect(log).toContain('events numbered with text repaired to be hashed');
  });

  it('in an import row does not stall the job, nor the company\'s next import', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const line = (reference: string, description: string, accountPath: string, side: number) => ({ reference, date: '2026-04-01', description, accountPath, side, amount: 10 });

    const first = await imported(api, base, companyId, { kind: 'journals', format: 'json', post: true, data: [line('P-1', POISON, '1.1101', 1), line('P-1', POISON, '4.4101', 2)] });
    const second = await imported(api, base, companyId, { kind: 'journals', format: 'json', post: true, data: [line('P-2', 'plain', '1.1101', 1), line('P-2', 'plain', '4.4101', 2)] });
    const events = await wholeFeed<{ type: string }>(api, base);

    expect(first).toMatchObject({ status: 'succeeded', counts: { written: 2 } });
    expect(second).toMatchObject({ status: 'succeeded', counts: { written: 2 } });
    expect(events.filter((e) => e.type === 'JournalPosted')).toHaveLength(2);
  });
});
