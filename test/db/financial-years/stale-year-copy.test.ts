import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { faultInjector } from '../support/faults.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

const gateway = useGateway();

/**
 * Drafts and postings read their year eventually consistent (year-hint.ts, docs/decisions.md
 * Capacity); DynamoDB Local is always current, so the stale copies are injected.
 */
describe('a stale copy of the year', () => {
  it('refuses nothing the current year takes, and lets nothing through the current year refuses', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const year = (await api.get(`${base}/FinancialYears`)).body.results[0];
    const march = year.periods.find((p: { startDate: string }) => p.startDate === '2026-03-01');
    const lines = [debit(chart.cash.id, '3.00'), credit(chart.sales.id, '3.00')];
    const draft = (await api.post(`${base}/Journals`, { date: '2026-03-05', entries: lines })).body;

    // Every eventually consistent read of the year answers it with March as `status`, else as stored.
    const staleAs = (status: string) => {
      const faults = faultInjector();
      const served = { stale: 0 };
      faults.mock.on(GetCommand).callsFake(async (input: { Key: { sk: string }; ConsistentRead?: boolean }) => {
        const output = await faults.realSend(new GetCommand(input as never));
        if (input.ConsistentRead || input.Key.sk !== `YEAR#${year.id}` || !output.Item) return output;
        served.stale++;
        return { ...output, Item: { ...output.Item, periods: { ...output.Item.periods, [march.id]: { ...output.Item.periods[march.id], status } } } };
      });
      return { served, restore: () => faults.mock.restore() };
    };

    // A copy from before March was reopened: the post reads the year again and goes through.
    let stale = staleAs('locked');
    try {
      const posted = await api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-05', version: draft.version });
      expect(posted.status).toBe(200);
      expect(stale.served.stale).toBeGreaterThan(0);
    } finally {
      stale.restore();
    }

    // A copy from before March was locked: the post's guard check refuses it, nothing written.
    const second = (await api.post(`${base}/Journals`, { date: '2026-03-06', entries: lines })).body;
    const current = (await api.get(`${base}/FinancialYears/${year.id}`)).body;
    const marchNow = current.periods.find((p: { id: string }) => p.id === march.id);
    expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${march.id}/Lock`, { version: marchNow.version })).status).toBe(200);
    stale = staleAs('open');
    try {
      const refused = await api.post(`${base}/Journals/${second.id}/Post`, { postingDate: '2026-03-06', version: second.version });
      expect([refused.status, refused.body.errors?.[0]?.code]).toEqual([409, 'PeriodNotOpen']);
      expect(stale.served.stale).toBeGreaterThan(0);
    } finally {
      stale.restore();
    }
    expect((await api.get(`${base}/Journals/${second.id}`)).body.status).toBe('draft');
  });
});
