import { afterAll, describe, expect, it } from 'vitest';
import { drawSerial } from '../../../shared/db/ledger/journal-serials.ts';
import { advanceCounter, counterKnownToExist } from '../../../shared/db/capacity/serial-draw.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { watchTransactions } from '../support/transactions-seen.ts';

const gateway = useGateway();
const watch = watchTransactions();
afterAll(() => watch.stop());

/**
 * A create's transaction leaves the company's shared items alone (docs/decisions.md, Capacity):
 * concurrent creates of a busy company would otherwise all touch them and cancel each other.
 */
describe('the items a create touches', () => {
  it('checks one of the year guards, not the year item, and not the settings once the instance has numbered a journal', async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const lines = [debit(chart.cash.id, '10.00'), credit(chart.sales.id, '10.00')];
    expect((await api.post(`${base}/Journals`, { date: '2026-03-01', entries: lines })).status).toBe(200);
    watch.seen.length = 0;
    const second = await api.post(`${base}/Journals`, { date: '2026-03-02', entries: lines });
    expect(second.status).toBe(200);
    const transaction = watch.seen.find((items) => items.some((i) => i.kind === 'Put' && i.sk === `JOURNAL#${second.body.id}`))!;
    const companyKey = `COMPANY#${companyId}`;
    expect(transaction.filter((i) => i.pk === companyKey && (i.sk.startsWith('YEAR#') || i.sk === 'SETTINGS'))).toEqual([]);
    expect(transaction.filter((i) => i.pk.startsWith(`${companyKey}#GUARD#`) && i.kind === 'ConditionCheck')).toHaveLength(1);
  });

  it("checks no settings in the company's first creates: once drawn, the copy they used is compared with one read since", async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    expect(counterKnownToExist(companyId)).toBe(false);
    watch.seen.length = 0;
    const lines = (amount: string) => [debit(chart.cash.id, amount), credit(chart.sales.id, amount)];
    const first = await Promise.all(['1.00', '2.00', '3.00'].map((amount) => api.post(`${base}/Journals`, { date: '2026-03-01', entries: lines(amount) })));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    const touched = watch.seen.filter((items) => items.some((i) => i.kind === 'Put' && first.some((r) => i.sk === `JOURNAL#${r.body.id}`)));
    expect(touched).toHaveLength(3);
    expect(touched.flat().filter((i) => i.sk === 'SETTINGS')).toEqual([]);
  });

  it('checks no settings in the first create of an instance that did not number the company, once its counter exists', async () => {
    // Arrange: another instance drew a block of numbers; this one knows nothing of the company yet.
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    expect(counterKnownToExist(companyId)).toBe(false);
    await advanceCounter(companyId, 10);
    watch.seen.length = 0;

    // Act
    const created = await api.post(`${base}/Journals`, { date: '2026-03-01', entries: [debit(chart.cash.id, '10.00'), credit(chart.sales.id, '10.00')] });

    // Assert: the settings item is not in the transaction; the counter is known from now on.
    expect(created.status).toBe(200);
    const transaction = watch.seen.find((items) => items.some((i) => i.kind === 'Put' && i.sk === `JOURNAL#${created.body.id}`))!;
    expect(transaction.filter((i) => i.sk === 'SETTINGS')).toEqual([]);
    expect(counterKnownToExist(companyId)).toBe(true);
    expect(created.body.serialNumber).toBeGreaterThan(10);
  });

  it('checks one reference guard per account instead of the account item, and puts usage items under the account keys', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    watch.seen.length = 0;
    const created = await api.post(`${base}/Journals`, { date: '2026-03-01', entries: [debit(chart.cash.id, '10.00', chart.hq.id), credit(chart.sales.id, '10.00')] });
    expect(created.status).toBe(200);
    const transaction = watch.seen.find((items) => items.some((i) => i.kind === 'Put' && i.sk === `JOURNAL#${created.body.id}`))!;
    expect(transaction.filter((i) => i.sk.startsWith('ACCOUNT#') || i.sk.startsWith('COST_CENTER#') || i.sk.startsWith('USAGE#ACCOUNT#'))).toEqual([]);
    for (const [kind, id] of [['ACCOUNT', chart.cash.id], ['ACCOUNT', chart.sales.id], ['COST_CENTER', chart.hq.id]]) {
      const own = transaction.filter((i) => i.pk.startsWith(`COMPANY#${companyId}#NODEREF#${kind}#${id}#`));
      expect(own.map((i) => [i.kind, i.sk]).sort()).toEqual([['ConditionCheck', 'GUARD'], ['Put', `USAGE#${created.body.id}`]]);
    }
  });

  it('keeps the precision a create read from falling once its instance drew a number, even before any journal committed', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url, 'SAR');
    const raised = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 3, retainedEarningsAccountId: null, version: (await api.get(`${base}/Settings`)).body.version });
    expect(raised.status).toBe(200);
    // A create between its draw and its transaction: the counter exists, no journal yet.
    await drawSerial(companyId);
    const lowered = await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: null, version: raised.body.version });
    expect(lowered.status).toBe(409);
    expect(lowered.body.errors[0].code).toBe('PrecisionInUse');
    expect(counterKnownToExist(companyId)).toBe(true);
  });
});
