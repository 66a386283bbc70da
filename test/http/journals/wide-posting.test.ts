import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { wideChart, wideDraft } from '../../support/ledger.ts';

/**
 * Postings wider than one transaction run as a job of chunks (shared/journals/wide-posting.ts):
 * never applied twice (test/db/journals/wide-posting-crash.test.ts: all or nothing once sent again
 * after a crash, and no Lock or Close of the period while one is under way).
 */
const gateway = useGateway();

const ACCOUNTS = 30;

/** 29 expense leaves, a bank account, two cost centers and the year 2026. */
const wideBooks = (api: Client, base: string) => wideChart(api, base, { leaves: ACCOUNTS - 1, centers: 2 });

const trial = async (api: Client, base: string) => (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;

describe('postings wider than one transaction', () => {
  it('posts, voids, adjusts and reverses a 60-line journal exactly, in chunks', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const books = await wideBooks(api, base);
    const { draft, total } = await wideDraft(api, base, books);

    const posted = await api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-10', version: 1 });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body).toMatchObject({ status: 'posted', version: 2 });
    expect((await trial(api, base)).totals.movement).toEqual({ debit: total, credit: total });
    const ledger = (await api.get(`${base}/Reports/GeneralLedger?accountId=5&dateFrom=2026-01-01&dateTo=2026-12-31&pageSize=100`)).body;
    expect(ledger.results).toHaveLength(58);
    expect(ledger.closingBalance).toBe(ledger.results.at(-1).balance);

    const adjusted = await api.post(`${base}/Journals/${draft.id}/Adjust`, { version: 2 });
    expect(adjusted.body).toMatchObject({ status: 'draft', postingDate: null, version: 3 });
    expect((await trial(api, base)).rows).toEqual([]);
    const again = await api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-04-01', version: 3 });
    expect(again.status, again.text).toBe(200);
    const reversed = await api.post(`${base}/Journals/${draft.id}/Reverse`, { postingDate: '2026-04-02', version: 4 });
    // A wide reversal answers the reversing journal once its posting job is done.
    expect(reversed.body).toMatchObject({ status: 'posted', reversalOf: draft.id, version: 1 });
    expect((await api.get(`${base}/Journals/${draft.id}`)).body).toMatchObject({ status: 'reversed', reversedBy: reversed.body.id });
    const reversal = (await api.get(`${base}/Journals/${reversed.body.id}`)).body;
    expect(reversal).toMatchObject({ status: 'posted', reversalOf: draft.id });
    const netted = await trial(api, base);
    expect(netted.totals.movement).toEqual({ debit: (Number(total) * 2).toFixed(2), credit: (Number(total) * 2).toFixed(2) });
    expect(netted.totals.closing).toEqual({ debit: '0.00', credit: '0.00' });

    const other = (await wideDraft(api, base, books)).draft;
    await api.post(`${base}/Journals/${other.id}/Post`, { postingDate: '2026-05-05', version: 1 });
    const voided = await api.post(`${base}/Journals/${other.id}/Void`, { version: 2 });
    expect(voided.body).toMatchObject({ status: 'voided' });
    expect((await trial(api, base)).totals.closing).toEqual({ debit: '0.00', credit: '0.00' });
  });

  it('applies a posting once when two requests post the same wide draft at once', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const books = await wideBooks(api, base);
    const { draft, total } = await wideDraft(api, base, books);
    const answers = await Promise.all([1, 2].map(() => api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-10', version: 1 })));
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const a of answers) if (a.status !== 200) expect(a.status, a.text).toBe(409);
    expect((await api.get(`${base}/Journals/${draft.id}`)).body.status).toBe('posted');
    expect((await trial(api, base)).totals.movement).toEqual({ debit: total, credit: total });
  });
});
