import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';

/** Reverse answers the journal it makes; the original is one GET away, and its event still records the original. */
const gateway = useGateway();

describe('the answer of Reverse', () => {
  it('is the new reversing journal, its reversalOf naming the original, the same on a replay', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    await year2026(api, base);
    const original = await postedJournal(api, base, '2026-02-10', [debit(chart.cash.id, 75.5), credit(chart.sales.id, 75.5)]);
    const key = { 'Idempotency-Key': randomUUID() };

    const answer = await api.post(`${base}/Journals/${original.id}/Reverse`, { postingDate: '2026-02-11', version: original.version }, key);
    const replay = await api.post(`${base}/Journals/${original.id}/Reverse`, { postingDate: '2026-02-11', version: original.version }, key);

    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.id).not.toBe(original.id);
    expect(answer.body).toMatchObject({
      status: 'posted',
      postingDate: '2026-02-11',
      reversalOf: original.id,
      reversedBy: null,
      serialNumber: original.serialNumber + 1,
      description: `Reversal of journal ${original.serialNumber}`,
      version: 1,
    });
    expect(answer.body.entries.map((e: { accountId: string; side: number; amount: number }) => [e.accountId, e.side, e.amount])).toEqual([
      [chart.cash.id, 2, 75.5],
      [chart.sales.id, 1, 75.5],
    ]);
    expect((await api.get(`${base}/Journals/${answer.body.id}`)).body).toEqual(answer.body);
    expect((await api.get(`${base}/Journals/${original.id}`)).body).toMatchObject({ status: 'reversed', reversedBy: answer.body.id, version: original.version + 1 });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(answer.body);

    // The event of the reversal records the original, reversed, as before.
    const [event] = (await api.get(`${base}/Events?type=JournalReversed`)).body.results;
    expect(event).toMatchObject({ recordId: original.id, version: original.version + 1, data: { id: original.id, status: 'reversed', reversedBy: answer.body.id } });
  });
});
