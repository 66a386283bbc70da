import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, draftJournal, year2026 } from '../../support/ledger.ts';
import { periodBalance } from '../../support/period-balance.ts';

/** Through the API only; a posting through cancelled transactions: test/db/journals/posting-retries.test.ts. */
const gateway = useGateway();

async function setup() {
  const owner = await companyOwner(gateway.url);
  const chart = await chartOfAccounts(owner.api, owner.base);
  const year = await year2026(owner.api, owner.base);
  const periodOf = (month: number) => year.periods[month - 1];
  /** What the period's trial balance shows posted to the account (in the cost center). */
  const balanceOf = (periodId: string, accountId: string, costCenterId?: string) => periodBalance(owner.api, owner.base, year.id, periodId, accountId, costCenterId);
  return { ...owner, chart, year, periodOf, balanceOf };
}


describe('posting', () => {
  it('posts a balanced draft into its open period and updates account and cost-center balances exactly', async () => {
    const { api, base, chart, periodOf, balanceOf } = await setup();
    const journal = await draftJournal(api, base, [debit(chart.cash.id, 250.75, chart.hq.id), debit(chart.bank.id, 49.25), credit(chart.sales.id, 300, chart.hq.id)]);

    const posted = await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-20', version: journal.version });

    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ status: 'posted', postingDate: '2026-03-20', periodId: periodOf(3).id, version: journal.version + 1 });
    const march = periodOf(3).id;
    expect(await balanceOf(march, chart.cash.id)).toEqual({ debit: '250.75', credit: '0' });
    expect(await balanceOf(march, chart.cash.id, chart.hq.id)).toEqual({ debit: '250.75', credit: '0' });
    expect(await balanceOf(march, chart.bank.id)).toEqual({ debit: '49.25', credit: '0' });
    expect(await balanceOf(march, chart.sales.id)).toEqual({ debit: '0', credit: '300' });
    expect(await balanceOf(periodOf(2).id, chart.cash.id)).toEqual({ debit: '0', credit: '0' });
  });

  it('refuses unbalanced, one-line, out-of-year, locked-period, stale and repeated posts, changing nothing', async () => {
    const { api, base, chart, year, periodOf, balanceOf } = await setup();
    const unbalanced = await draftJournal(api, base, [debit(chart.cash.id, 10), credit(chart.sales.id, 9.99)]);
    const single = await draftJournal(api, base, [debit(chart.cash.id, 10)]);
    const good = await draftJournal(api, base, [debit(chart.cash.id, 10), credit(chart.sales.id, 10)]);
    await api.post(`${base}/FinancialYears/${year.id}/Periods/${periodOf(4).id}/Lock`, { version: 1 });
    const post = (j: { id: string }, postingDate: string, version = 1) => api.post(`${base}/Journals/${j.id}/Post`, { postingDate, version });

    const cases = [
      [await post(unbalanced, '2026-03-01'), 400, 'entries', 'Unbalanced'],
      [await post(single, '2026-03-01'), 400, 'entries', 'TooFewLines'],
      [await post(good, '2027-01-01'), 400, 'postingDate', 'NoFinancialYear'],
      [await post(good, '2026-04-10'), 409, 'postingDate', 'PeriodNotOpen'],
      [await post(good, '2026-03-01', 7), 409, 'version', 'Conflict'],
    ] as const;
    for (const [response, status, name, code] of cases) {
      expect(response.status, code).toBe(status);
      expect(response.body.errors[0], code).toMatchObject({ name, code });
    }
    expect(await balanceOf(periodOf(3).id, chart.cash.id)).toEqual({ debit: '0', credit: '0' });

    expect((await post(good, '2026-03-01')).status).toBe(200);
    const again = await post(good, '2026-03-01', 2);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('InvalidState');
    expect(await balanceOf(periodOf(3).id, chart.cash.id)).toEqual({ debit: '10', credit: '0' });
  });

  it('lets exactly one of two posts of one journal with the same version win, changing balances once', async () => {
    const { api, base, chart, periodOf, balanceOf } = await setup();
    const journal = await draftJournal(api, base, [debit(chart.cash.id, 77), credit(chart.sales.id, 77)]);

    const results = await Promise.all([1, 2].map(() => api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-05', version: 1 })));

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(periodOf(3).id, chart.cash.id)).toEqual({ debit: '77', credit: '0' });
  });

  it('posts 50 journals on one cash account at once: all succeed and the balance is the exact sum', async () => {
    const { api, base, chart, periodOf, balanceOf } = await setup();
    const amounts = Array.from({ length: 50 }, (_, i) => `${i + 1}.${String((i * 37) % 100).padStart(2, '0')}`);
    const drafts = [];
    for (const amount of amounts) drafts.push(await draftJournal(api, base, [debit(chart.cash.id, amount), credit(chart.sales.id, amount)]));

    const results = await Promise.all(drafts.map((j) => api.post(`${base}/Journals/${j.id}/Post`, { postingDate: '2026-03-31', version: 1 })));

    expect(results.filter((r) => r.status !== 200).map((r) => r.text)).toEqual([]);
    const expected = amounts.reduce((sum, a) => sum.plus(a), new Big(0)).toString();
    expect(await balanceOf(periodOf(3).id, chart.cash.id)).toEqual({ debit: expected, credit: '0' });
    expect(await balanceOf(periodOf(3).id, chart.sales.id)).toEqual({ debit: '0', credit: expected });
  });
});

describe('void and reverse', () => {
  it('voids a posted journal, taking its effect off the balances; voids a draft without touching balances', async () => {
    const { api, base, chart, periodOf, balanceOf } = await setup();
    const journal = await draftJournal(api, base, [debit(chart.cash.id, 40), credit(chart.sales.id, 40)]);
    const posted = (await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-10', version: 1 })).body;
    const other = await draftJournal(api, base, [debit(chart.cash.id, 5), credit(chart.sales.id, 5)]);

    const voided = await api.post(`${base}/Journals/${journal.id}/Void`, { version: posted.version });
    const discarded = await api.post(`${base}/Journals/${other.id}/Void`, { version: 1 });
    const again = await api.post(`${base}/Journals/${journal.id}/Void`, { version: voided.body.version });

    expect(voided.body).toMatchObject({ status: 'voided', version: posted.version + 1 });
    expect(discarded.body.status).toBe('voided');
    expect(again.body.errors[0].code).toBe('InvalidState');
    const balance = await balanceOf(periodOf(3).id, chart.cash.id);
    expect(new Big(balance.debit).eq(0)).toBe(true);
    expect(new Big(balance.credit).eq(0)).toBe(true);
  });

  it('refuses to void into a closed period', async () => {
    const { api, base, chart, year, periodOf } = await setup();
    const journal = await draftJournal(api, base, [debit(chart.cash.id, 40), credit(chart.sales.id, 40)]);
    const posted = (await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-10', version: 1 })).body;
    await api.post(`${base}/FinancialYears/${year.id}/Periods/${periodOf(3).id}/Close`, { version: 1 });

    const refused = await api.post(`${base}/Journals/${journal.id}/Void`, { version: posted.version });

    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('PeriodNotOpen');
    expect((await api.get(`${base}/Journals/${journal.id}`)).body.status).toBe('posted');
  });

  it('reverses a posted journal with a posted mirror journal, answering the mirror, idempotently', async () => {
    const { api, base, chart, periodOf, balanceOf } = await setup();
    const journal = await draftJournal(api, base, [debit(chart.rent.id, 900, chart.hq.id), credit(chart.bank.id, 900)]);
    const posted = (await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-31', version: 1 })).body;
    const key = { 'Idempotency-Key': randomUUID() };

    const reversed = await api.post(`${base}/Journals/${journal.id}/Reverse`, { postingDate: '2026-04-01', version: posted.version }, key);
    const replay = await api.post(`${base}/Journals/${journal.id}/Reverse`, { postingDate: '2026-04-01', version: posted.version }, key);

    expect(reversed.status).toBe(200);
    // The answer is the new reversing journal, as a GET of it shows it; the original names it.
    const mirror = reversed.body;
    expect(mirror).toMatchObject({ status: 'posted', postingDate: '2026-04-01', reversalOf: journal.id, reversedBy: null, serialNumber: journal.serialNumber + 1, periodId: periodOf(4).id, version: 1 });
    expect((await api.get(`${base}/Journals/${mirror.id}`)).body).toEqual(mirror);
    expect((await api.get(`${base}/Journals/${journal.id}`)).body).toMatchObject({ status: 'reversed', reversedBy: mirror.id, version: posted.version + 1 });
    expect(replay.text).toBe(reversed.text);
    expect(mirror.entries.map((e: { side: number }) => e.side)).toEqual([2, 1]);
    expect(await balanceOf(periodOf(3).id, chart.rent.id, chart.hq.id)).toEqual({ debit: '900', credit: '0' });
    expect(await balanceOf(periodOf(4).id, chart.rent.id, chart.hq.id)).toEqual({ debit: '0', credit: '900' });
    expect((await api.get(`${base}/Journals?status=posted`)).body.results).toHaveLength(1);
  });
});

describe('journals and the rest of the ledger', () => {
  it('keeps posted journals intact when a cost center is deactivated, and refuses deleting what journals name', async () => {
    const { api, base, chart, periodOf, balanceOf } = await setup();
    const journal = await draftJournal(api, base, [debit(chart.cash.id, 8, chart.branch.id), credit(chart.sales.id, 8)]);
    await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-03', version: 1 });
    const before = (await api.get(`${base}/Journals/${journal.id}`)).body;

    const deactivated = await api.post(`${base}/CostCenters/${chart.branch.id}/Deactivate`, { version: chart.branch.version });
    const deleteCenter = await api.delete(`${base}/CostCenters/${chart.branch.id}`, { version: deactivated.body.version });
    const deleteAccount = await api.delete(`${base}/Accounts/${chart.sales.id}`, { version: chart.sales.version });

    expect(deactivated.status).toBe(200);
    expect((await api.get(`${base}/Journals/${journal.id}`)).body).toEqual(before);
    expect(await balanceOf(periodOf(3).id, chart.cash.id, chart.branch.id)).toEqual({ debit: '8', credit: '0' });
    expect(deleteCenter.status).toBe(409);
    expect(deleteCenter.body.errors[0].code).toBe('InUse');
    expect(deleteAccount.body.errors[0].code).toBe('InUse');
    expect((await api.get(`${base}/Accounts/${chart.sales.id}`)).status).toBe(200);
  });

  it('refuses deleting or re-dating a year once something was posted, and closing it while drafts remain', async () => {
    const { api, base, chart, year } = await setup();
    const posted = await draftJournal(api, base, [debit(chart.cash.id, 1), credit(chart.sales.id, 1)], '2026-05-01');
    await api.post(`${base}/Journals/${posted.id}/Post`, { postingDate: '2026-05-01', version: 1 });
    await draftJournal(api, base, [debit(chart.cash.id, 1), credit(chart.sales.id, 1)], '2026-06-01');

    const deleted = await api.delete(`${base}/FinancialYears/${year.id}`, { version: year.version });
    const redated = await api.put(`${base}/FinancialYears/${year.id}`, { startDate: '2026-01-01', endDate: '2026-11-30', version: year.version });
    for (const p of year.periods) await api.post(`${base}/FinancialYears/${year.id}/Periods/${p.id}/Close`, { version: p.version });
    const current = (await api.get(`${base}/FinancialYears/${year.id}`)).body;
    const closed = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: current.version });

    expect(deleted.body.errors[0].code).toBe('HasPostings');
    expect(redated.body.errors[0].code).toBe('HasPostings');
    expect(closed.status).toBe(409);
    expect(closed.body.errors[0].code).toBe('UnpostedJournals');
    // A rename is still fine; the guard of the refused writes is gone.
    const renamed = await api.put(`${base}/FinancialYears/${year.id}`, { name: 'Kept', startDate: year.startDate, endDate: year.endDate, version: current.version });
    expect(renamed.status).toBe(200);
  });
});
