import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { BALANCE_SHARDS, isHot, readBalance } from '../../../shared/db/ledger/balance-store.ts';
import { balanceKeys } from '../../../shared/db/table/keys.ts';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { faultInjector, keysOf, transactionOrder } from '../support/faults.ts';
import { chartOfAccounts, credit, debit, year2026 } from '../../support/ledger.ts';
import { balanceItems } from '../support/spread-items.ts';

/**
 * Postings check the posting guard of their shard, not the year item: every change of what
 * posting depends on (a period's Lock, Close or Reopen; re-dating a year) must reach every guard
 * in its own transaction, so a post that read the period open and commits after the change is
 * refused, whichever guard it checks.
 */
const gateway = useGateway();

async function setup() {
  const owner = await companyOwner(gateway.url);
  const chart = await chartOfAccounts(owner.api, owner.base);
  const year = await year2026(owner.api, owner.base);
  return { ...owner, chart, year };
}

async function draft(api: Client, base: string, entries: unknown[], day = '2026-03-15') {
  const r = await api.post(`${base}/Journals`, { date: `${day}T09:00:00Z`, entries });
  if (r.status !== 200) throw new Error(r.text);
  return r.body;
}

type Items = Parameters<typeof keysOf>[0];
const names = (pattern: RegExp) => (items: Items) => keysOf(items).some((key) => pattern.test(key));
/** A write of the year item itself (its posting guards have keys of their own). */
const isYearChange = names(/^COMPANY#[^#]+\|YEAR#/);
const isPosting = (items: Items) => names(/\|JOURNAL#/)(items) && names(/\|BAL#/)(items);

/** Sends `change` and a post at once; the post reads before the change commits and commits after it. */
async function postAfter(change: () => Promise<{ status: number; body: any }>, post: () => Promise<{ status: number; body: any }>) {
  const order = transactionOrder(isYearChange, isPosting);
  try {
    const [changed, posted] = await Promise.all([change(), post()]);
    return { changed, posted };
  } finally {
    order.restore();
  }
}

describe('posting guards', () => {
  it('refuses a post that read its period open and commits after a Lock or Close of it, round after round; a Reopen lets it through again', async () => {
    const { api, base, chart, companyId, year } = await setup();
    const march = year.periods[2];
    const periodPath = (action: string) => `${base}/FinancialYears/${year.id}/Periods/${march.id}/${action}`;
    let version = march.version;
    let posted = 0;
    // Each round's post draws a random posting shard, so the rounds check many of the guards.
    for (let round = 0; round < 8; round++) {
      const journal = await draft(api, base, [debit(chart.cash.id, 10), credit(chart.sales.id, 10)]);
      const post = () => api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-20', version: journal.version });
      const action = round % 2 === 0 ? 'Lock' : 'Close';
      const { changed, posted: refused } = await postAfter(() => api.post(periodPath(action), { version }), post);
      expect(changed.status, action).toBe(200);
      expect(refused.status, action).toBe(409);
      expect(refused.body.errors[0]).toMatchObject({ name: 'postingDate', code: 'PeriodNotOpen' });
      version++;

      // Reopened (a closed period reopens too), the same post goes through.
      const reopened = await api.post(periodPath('Reopen'), { version });
      expect(reopened.status).toBe(200);
      version++;
      expect((await post()).status).toBe(200);
      posted++;
    }
    expect(await readBalance(companyId, march.id, chart.cash.id)).toEqual({ debit: String(10 * posted), credit: '0' });
  });

  it('refuses a post that read the year before a re-dating checked it for postings and commits after', async () => {
    const { api, base, chart, year } = await setup();
    const journal = await draft(api, base, [debit(chart.cash.id, 10), credit(chart.sales.id, 10)]);
    const { changed, posted } = await postAfter(
      () => api.put(`${base}/FinancialYears/${year.id}`, { startDate: '2026-01-01', endDate: '2026-06-30', version: year.version }),
      () => api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-20', version: journal.version }),
    );
    expect(posted.status).toBe(409);
    expect(changed.status).toBe(200);
    // The new periods are open on every guard: the journal posts into them.
    expect((await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-20', version: journal.version })).status).toBe(200);
  });
});

describe('balance shards by load', () => {
  /** The account's period total items, one per shard written. */
  const shardItems = (companyId: string, periodId: string, accountId: string) => balanceItems(companyId, `${balanceKeys.periodBalancePrefix(periodId)}${accountId}#`);

  it('spreads an account over every posting shard once a posting conflicted on its balance, and reads all of them exactly', async () => {
    const { api, base, chart, companyId, year } = await setup();
    const march = year.periods[2];
    const first = await draft(api, base, [debit(chart.cash.id, 1), credit(chart.sales.id, 1)]);
    expect(isHot(chart.cash.id)).toBe(false);

    // The first post's transaction is cancelled by a conflict on the cash account's period item.
    const { mock, realSend } = faultInjector();
    let cancelled = false;
    mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: Parameters<typeof keysOf>[0] }) => {
      const keys = keysOf(input.TransactItems);
      const onCash = keys.findIndex((key) => key.includes(`|BAL#T#P#${march.id}#${chart.cash.id}#`));
      if (!cancelled && onCash >= 0) {
        cancelled = true;
        throw new TransactionCanceledException({ $metadata: {}, message: 'Transaction cancelled', CancellationReasons: keys.map((_, i) => ({ Code: i === onCash ? 'TransactionConflict' : 'None' })) });
      }
      return realSend(new TransactWriteCommand(input as never));
    });
    try {
      expect((await api.post(`${base}/Journals/${first.id}/Post`, { postingDate: '2026-03-20', version: first.version })).status).toBe(200);
    } finally {
      mock.restore();
    }
    expect(cancelled).toBe(true);
    expect(isHot(chart.cash.id)).toBe(true);
    expect(isHot(chart.sales.id)).toBe(false);

    // Hot, the cash account's postings land on more than its 8 shards; the other account's stay on 8.
    const amounts = Array.from({ length: 60 }, (_, i) => (i + 1) / 100);
    await Promise.all(
      amounts.map(async (amount) => {
        const journal = await draft(api, base, [debit(chart.cash.id, amount), credit(chart.sales.id, amount)]);
        const posted = await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-20', version: journal.version });
        expect(posted.status).toBe(200);
      }),
    );
    const total = String((100 + amounts.reduce((a, b) => a + Math.round(b * 100), 0)) / 100);
    expect((await shardItems(companyId, march.id, chart.cash.id)).length).toBeGreaterThan(BALANCE_SHARDS);
    expect((await shardItems(companyId, march.id, chart.sales.id)).length).toBeLessThanOrEqual(BALANCE_SHARDS);
    expect(await readBalance(companyId, march.id, chart.cash.id)).toEqual({ debit: total, credit: '0' });
    expect(await readBalance(companyId, march.id, chart.sales.id)).toEqual({ debit: '0', credit: total });
    // Reports read every shard: the trial balance of March shows the whole total.
    const trial = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-03-01&dateTo=2026-03-31`);
    expect(trial.status).toBe(200);
    expect(JSON.stringify(trial.body)).toContain(total);
  });
});
