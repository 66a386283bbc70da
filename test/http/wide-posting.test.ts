import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../support/api.ts';
import { faultInjector } from '../support/faults.ts';
import { credit, debit, wideChart } from '../support/ledger.ts';

/**
 * Postings wider than one transaction run as a job of chunks (shared/journals/wide-posting.ts):
 * all or nothing once sent again after a crash, never applied twice, and no Lock or Close of the
 * period while one is under way.
 */
const gateway = useGateway();
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const ACCOUNTS = 30;

/** 29 expense leaves, a bank account, two cost centers and the year 2026. */
const wideBooks = (api: Client, base: string) => wideChart(api, base, { leaves: ACCOUNTS - 1, centers: 2 });

/**
 * A draft of 60 lines: each expense leaf debited in both cost centers (1.01 and 2.02 times its
 * index), the bank credited the total in each. 30 accounts and 60 account/cost-center pairs make
 * 210 balance and ledger writes: three chunks.
 */
async function wideDraft(api: Client, base: string, books: Awaited<ReturnType<typeof wideBooks>>) {
  const [a, b] = books.centers.map((c: { id: string }) => c.id);
  const lines = books.leaves.flatMap((leaf: { id: string }, i: number) => [debit(leaf.id, ((i + 1) * 1.01).toFixed(2), a), debit(leaf.id, ((i + 1) * 2.02).toFixed(2), b)]);
  const perCenter = (factor: number) => books.leaves.reduce((s: number, _: unknown, i: number) => s + Math.round((i + 1) * factor * 100), 0) / 100;
  lines.push(credit(books.bank.id, perCenter(1.01).toFixed(2), a), credit(books.bank.id, perCenter(2.02).toFixed(2), b));
  const r = await api.post(`${base}/Journals`, { date: '2026-03-10T00:00:00Z', entries: lines });
  expect(r.status, r.text).toBe(200);
  return { draft: r.body, total: (perCenter(1.01) + perCenter(2.02)).toFixed(2) };
}

const trial = async (api: Client, base: string) => (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;

/** After the n-th transaction commits, the process "dies": the write stays, the request fails. */
function crashAfterWrite(n: number) {
  const faults = faultInjector();
  restore = () => faults.mock.restore();
  let writes = 0;
  faults.mock.on(TransactWriteCommand).callsFake(async (input: unknown) => {
    const result = await faults.realSend(new TransactWriteCommand(input as never));
    if (++writes === n) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    return result;
  });
  return () => writes;
}

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
    expect(reversed.body).toMatchObject({ status: 'reversed' });
    const reversal = (await api.get(`${base}/Journals/${reversed.body.reversedBy}`)).body;
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

  it('ends fully posted, exactly once, when sent again after a crash between any two writes', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const books = await wideBooks(api, base);
    const march = books.year.periods[2];
    // One start, three chunks and the final write: a crash after each of the first four leaves a job.
    for (let crashAfter = 1; crashAfter <= 5; crashAfter++) {
      const { draft, total } = await wideDraft(api, base, books);
      const before = (await trial(api, base)).totals.movement.debit;
      const writes = crashAfterWrite(crashAfter);
      const failed = await api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-10', version: 1 });
      expect(failed.status, `crash after write ${crashAfter}`).toBe(503);
      expect(writes()).toBe(crashAfter);
      restore!();
      restore = undefined;

      const state = (await api.get(`${base}/Journals/${draft.id}`)).body;
      if (crashAfter < 5) {
        expect(state.status).toBe('posting');
        const lock = await api.post(`${base}/FinancialYears/${books.year.id}/Periods/${march.id}/Lock`, { version: march.version });
        expect(lock.body.errors?.[0]).toMatchObject({ code: 'PostingInProgress' });
        const other = await api.post(`${base}/Journals/${draft.id}/Void`, { version: 1 });
        expect(other.body.errors?.[0]).toMatchObject({ code: 'PostingInProgress' });
        const resumed = await api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-10', version: 1 });
        expect(resumed.status, resumed.text).toBe(200);
        expect(resumed.body).toMatchObject({ status: 'posted', version: 2 });
      } else {
        expect(state).toMatchObject({ status: 'posted', version: 2 });
      }
      const after = (await trial(api, base)).totals.movement.debit;
      expect(Number(after) - Number(before), `crash after write ${crashAfter}`).toBeCloseTo(Number(total), 2);
    }
    const lock = await api.post(`${base}/FinancialYears/${books.year.id}/Periods/${march.id}/Lock`, { version: march.version });
    expect(lock.status, lock.text).toBe(200);
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
