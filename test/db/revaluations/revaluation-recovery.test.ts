import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { postingBooks } from '../../../shared/db/ledger/books-store.ts';
import { postingPeriod } from '../../../shared/financial-years/posting-rules.ts';
import { pendingJobs } from '../../../shared/db/stores/pending-jobs.ts';
import { recoverJobs } from '../../../shared/journals/recover-jobs.ts';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { dyingAfter, transactionsMeet } from '../support/faults.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';

/**
 * A revaluation and its reversal are never left one without the other: a revaluation that fits
 * one transaction writes both in it; a wider one is a sequence of steps that the request sent
 * again, or recovery, finishes exactly once. Two revaluations of one date at once post once.
 */
const gateway = useGateway();
const n = (english: string) => ({ english, arabic: english });
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

/**
 * `accounts` bank accounts each holding 100 USD bought at 3.75 on 15 January; 3.80 from 31
 * January, so revaluing then moves each by 5.00 SAR.
 */
async function usdBanks(accounts: number) {
  const owner = await companyOwner(gateway.url);
  const { api, base } = owner;
  const chart = await chartOfAccounts(api, base);
  await year2026(api, base);
  const fx = (await api.post(`${base}/Accounts`, { code: '5201', name: n('Unrealized exchange differences'), type: 'leaf', parentId: chart.expenses.id })).body;
  const settings = (await api.get(`${base}/Settings`)).body;
  expect((await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: null, unrealizedFxGainLossAccountId: fx.id, version: settings.version })).status).toBe(200);
  const banks = await Promise.all(
    Array.from({ length: accounts }, async (_, i) => (await api.post(`${base}/Accounts`, { code: `12${String(i).padStart(2, '0')}`, name: n(`USD bank ${i}`), type: 'leaf', parentId: chart.assets.id })).body),
  );
  expect((await api.post(`${base}/ExchangeRates`, { currency: 'USD', date: '2026-01-01', rate: '3.75' })).status).toBe(200);
  await postedJournal(api, base, '2026-01-15', [...banks.map((b) => ({ ...debit(b.id, '100'), currency: 'USD' })), credit(chart.sales.id, (375 * accounts).toFixed(2))]);
  expect((await api.post(`${base}/ExchangeRates`, { currency: 'USD', date: '2026-01-31', rate: '3.80' })).status).toBe(200);
  return { ...owner, chart, banks, fx };
}

const revalue = (api: Client, base: string, headers?: Record<string, string>) => api.post(`${base}/Revaluations`, { date: '2026-01-31' }, headers);
const recoverCompany = (companyId: string) => recoverJobs(postingBooks(postingPeriod), pendingJobs, new Date(Date.now() + 1000), companyId);

/** The revaluation journals of the company: exactly one revaluation, reversed, and its reversal, posted. */
async function expectOneRevaluation(api: Client, base: string) {
  const journals = (await api.get(`${base}/Journals?pageSize=100`)).body.results.filter((j: { reference: string | null }) => j.reference === 'REVALUATION-2026-01-31');
  expect(journals.map((j: { status: string }) => j.status).sort()).toEqual(['posted', 'reversed']);
  const revaluation = journals.find((j: { status: string }) => j.status === 'reversed');
  const reversal = journals.find((j: { status: string }) => j.status === 'posted');
  expect(revaluation).toMatchObject({ postingDate: '2026-01-31', reversedBy: reversal.id, revaluationDate: '2026-01-31', reversalOf: null });
  expect(reversal).toMatchObject({ postingDate: '2026-02-01', reversalOf: revaluation.id, revaluationDate: '2026-01-31' });
  return { revaluation, reversal };
}

/** Each bank on the balance sheet: at 3.80 on the date, back at 3.75 from the next day. */
async function expectBanks(api: Client, base: string, banks: Array<{ code: string }>) {
  for (const [date, amount] of [['2026-01-31', '380.00'], ['2026-02-01', '375.00']] as const) {
    const r = await api.get(`${base}/Reports/BalanceSheet?date=${date}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.totals.liabilitiesAndEquity).toEqual(r.body.totals.assets);
    const amounts = banks.map((b) => r.body.assets.find((row: { code: string }) => row.code === b.code)?.amounts[0]);
    expect(amounts, date).toEqual(banks.map(() => amount));
  }
}

const eventTypes = async (api: Client, base: string) => (await api.get(`${base}/Events?pageSize=100`)).body.results.map((e: { type: string }) => e.type);

describe('revaluation that fits one transaction', () => {
  it('writes the revaluation and its reversal in one transaction: a crash after any write, then the request sent again, posts them once', async () => {
    for (const crashAfter of [1, 2, 3]) {
      const { api, base, banks } = await usdBanks(2);
      const key = { 'Idempotency-Key': `reval-${randomUUID()}` };
      await dyingAfter(crashAfter, () => revalue(api, base, key));

      const again = await revalue(api, base, key);
      expect(again.status, again.text).toBe(200);
      const { revaluation, reversal } = await expectOneRevaluation(api, base);
      expect(again.body).toMatchObject({ journalId: revaluation.id, reversalId: reversal.id });
      expect(again.body.accounts.map((a: { difference: string }) => a.difference)).toEqual(['5.00', '5.00']);
      await expectBanks(api, base, banks);
      expect((await eventTypes(api, base)).filter((t: string) => t === 'RevaluationPosted')).toHaveLength(1);
    }
  });

  it('posts once when two revaluations of the same date run at once', async () => {
    const { api, base, banks } = await usdBanks(2);
    // Both read the balances before either writes.
    restore = transactionsMeet(2).restore;
    const [a, b] = await Promise.all([revalue(api, base), revalue(api, base)]);
    restore();
    restore = undefined;

    expect([a.status, b.status]).toEqual([200, 200]);
    const { revaluation } = await expectOneRevaluation(api, base);
    // The loser read again and found the differences posted.
    expect([a.body.journalId, b.body.journalId].filter(Boolean)).toEqual([revaluation.id]);
    await expectBanks(api, base, banks);
  });
});

describe('revaluation too wide for one transaction', () => {
  it('is finished by the same request sent again after a crash between the post and the reversal, and refuses Void and Reverse meanwhile', async () => {
    const { api, base, banks, companyId } = await usdBanks(20);
    const key = { 'Idempotency-Key': `reval-${randomUUID()}` };
    // Its start and the post (one transaction for 20 accounts): then the request dies before the reversal.
    expect(await dyingAfter(2, () => revalue(api, base, key))).toBe(503);
    const [started] = (await api.get(`${base}/Journals?pageSize=100`)).body.results.filter((j: { reference: string | null }) => j.reference === 'REVALUATION-2026-01-31');
    expect(started).toMatchObject({ status: 'posted', revaluationDate: '2026-01-31' });
    // Reports wait for it; its journal is the service's to reverse.
    expect((await api.get(`${base}/Reports/BalanceSheet?date=2026-02-01`)).status).toBe(409);
    const voided = await api.post(`${base}/Journals/${started.id}/Void`, { version: started.version });
    expect(voided.status).toBe(409);
    expect(voided.body.errors[0].code).toBe('RevaluationJournal');
    // Nor may anyone reverse it on a date of their own: the service reverses it on the next day.
    const reversed = await api.post(`${base}/Journals/${started.id}/Reverse`, { version: started.version, postingDate: '2026-01-20' });
    expect([reversed.status, reversed.body.errors?.[0].code]).toEqual([409, 'RevaluationJournal']);

    const again = await revalue(api, base, key);
    expect(again.status, again.text).toBe(200);
    const { revaluation, reversal } = await expectOneRevaluation(api, base);
    expect(again.body).toMatchObject({ journalId: revaluation.id, reversalId: reversal.id });
    expect(again.body.accounts).toHaveLength(20);
    expect(again.body.accounts.every((a: { difference: string }) => a.difference === '5.00')).toBe(true);
    await expectBanks(api, base, banks);
    expect(await recoverCompany(companyId)).toEqual({ finished: 0, failed: 0 });
    const replay = await revalue(api, base, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(again.body);
  });

  it('is finished by recovery after a crash inside its post, with its one event, and a request sent after finds nothing left to post', async () => {
    // 34 accounts: the post itself is too wide for one transaction and runs as a job.
    const { api, base, banks, companyId, user } = await usdBanks(34);
    const key = { 'Idempotency-Key': `reval-${randomUUID()}` };
    // Its start, the post's job start and first chunk: then the request dies.
    expect(await dyingAfter(3, () => revalue(api, base, key))).toBe(503);

    expect(await recoverCompany(companyId)).toEqual({ finished: 1, failed: 0 });
    await expectOneRevaluation(api, base);
    await expectBanks(api, base, banks);
    const events = (await api.get(`${base}/Events?pageSize=100`)).body.results;
    // The one event its request would have recorded: no Post or Reverse of its journals on their own.
    const postings = events.filter((e: { type: string }) => ['JournalPosted', 'JournalReversed', 'RevaluationPosted'].includes(e.type));
    expect(postings.map((e: { type: string }) => e.type).sort()).toEqual(['JournalPosted', 'RevaluationPosted']);
    const posted = events.find((e: { type: string }) => e.type === 'RevaluationPosted');
    expect(posted).toMatchObject({ actor: { type: 'user', id: user.id }, data: { date: '2026-01-31', dryRun: false } });
    expect(await recoverCompany(companyId)).toEqual({ finished: 0, failed: 0 });

    const again = await revalue(api, base, key);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ journalId: null, reversalId: null });
    expect(again.body.accounts.every((a: { difference: string }) => a.difference === '0.00')).toBe(true);
    await expectOneRevaluation(api, base);
  });
});
