import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { credit, debit, wideChart } from '../../support/ledger.ts';

/**
 * Journals of up to 1,000 lines naming any number of accounts and cost centers: a wide draft
 * records what it names in chunks before the draft itself (shared/journals/write-journal.ts).
 * See also test/db/journals/wide-create-failure.test.ts: a wide create dying half-way.
 */
const gateway = useGateway();

/** 999 debit lines over the leaves, each in a cost center, and one bank credit of their total (cents). */
function wideLines(leaves: Array<{ id: string }>, centers: Array<{ id: string }>, bankId: string) {
  const lines = Array.from({ length: 999 }, (_, i) => debit(leaves[i % leaves.length]!.id, ((i % 97) + 1).toFixed(2), centers[i % centers.length]!.id));
  const total = lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
  return { lines: [...lines, credit(bankId, (total / 100).toFixed(2))], total: (total / 100).toFixed(2) };
}

describe('journals of 1,000 lines', () => {
  it('creates, updates, posts and lists a 1,000-line journal naming 150 accounts and 5 cost centers', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const books = await wideChart(api, base, { leaves: 150, centers: 5 });
    const { lines, total } = wideLines(books.leaves.slice(0, 140), books.centers, books.bank.id);

    const created = await api.post(`${base}/Journals`, { date: '2026-03-10T00:00:00Z', entries: lines });
    expect(created.status, created.text).toBe(200);
    expect(created.body.entries).toHaveLength(1000);
    expect(created.body.totals).toEqual({ debit: Number(total), credit: Number(total) });

    // Named: cannot be deleted. Then the update names 10 other leaves instead of the first 10.
    const named = books.leaves[0];
    expect((await api.delete(`${base}/Accounts/${named.id}`, { version: named.version })).body.errors[0].code).toBe('InUse');
    const moved = lines.map((l) => {
      const index = books.leaves.findIndex((a: { id: string }) => a.id === l.accountId);
      return index >= 0 && index < 10 ? { ...l, accountId: books.leaves[140 + index].id } : l;
    });
    const updated = await api.put(`${base}/Journals/${created.body.id}`, { date: '2026-03-10T00:00:00Z', entries: moved, version: 1 });
    expect(updated.status, updated.text).toBe(200);
    expect((await api.delete(`${base}/Accounts/${named.id}`, { version: named.version })).status).toBe(200);
    const nowNamed = books.leaves[140];
    expect((await api.delete(`${base}/Accounts/${nowNamed.id}`, { version: nowNamed.version })).body.errors[0].code).toBe('InUse');

    const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-03-10', version: 2 });
    expect(posted.status, posted.text).toBe(200);
    const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    expect(trial.totals.movement).toEqual({ debit: total, credit: total });
    const byCenter = (await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31&byCostCenter=true`)).body;
    expect(byCenter.totals.expense[0]).toBe(total);
    expect(byCenter.totals.expense.at(-1)).toBe('0.00');

    const listed = await api.get(`${base}/Journals?pageSize=100`);
    expect(listed.body.results.map((j: { id: string }) => j.id)).toEqual([created.body.id]);
    expect(await api.post(`${base}/Journals`, { date: '2026-03-10T00:00:00Z', entries: [...lines, lines[0]] })).toMatchObject({ status: 400 });
  });
});
