import { describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';
import { wholeFeed } from '../../support/feed.ts';

const gateway = useGateway();

interface FeedEvent {
  sequence: number;
  type: string;
  hash: string;
  data: Record<string, unknown> | null;
}

const feed = (api: Client, base: string) => wholeFeed<FeedEvent>(api, base);

/** The head an event's predecessor makes: the event just before `event` in the feed. */
const headBefore = (events: FeedEvent[], event: FeedEvent) => {
  const before = events.find((e) => e.sequence === event.sequence - 1)!;
  return { sequence: before.sequence, hash: before.hash };
};

describe('audit head', () => {
  it('stores the chain head on a closed period and a closed year and in their events: every change committed before the close', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const year = (await api.get(`${base}/FinancialYears`)).body.results[0];
    await postedJournal(api, base, '2026-01-10', [debit(chart.cash.id, '5.00'), credit(chart.sales.id, '5.00')]);

    for (const p of year.periods) expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${p.id}/Close`, { version: p.version })).status).toBe(200);
    const closed = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: (await api.get(`${base}/FinancialYears/${year.id}`)).body.version });
    const after = (await api.get(`${base}/FinancialYears/${year.id}`)).body;
    const events = await feed(api, base);

    expect(closed.status).toBe(200);
    const periodClosings = events.filter((e) => e.type === 'PeriodClosed');
    expect(periodClosings).toHaveLength(12);
    for (const [i, event] of periodClosings.entries()) {
      const head = headBefore(events, event);
      expect(after.periods[i].auditHead).toEqual(head);
      expect(event.data).toMatchObject({ id: after.periods[i].id, status: 'closed', auditHead: head });
    }
    const yearClosing = events.find((e) => e.type === 'FinancialYearClosed')!;
    expect(after.auditHead).toEqual(headBefore(events, yearClosing));
    expect(yearClosing.data).toMatchObject({ id: year.id, status: 'closed', auditHead: after.auditHead });
  });

  it('stores the chain head on a report snapshot, and a period never closed has none', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const year = (await api.get(`${base}/FinancialYears`)).body.results[0];
    await postedJournal(api, base, '2026-01-10', [debit(chart.cash.id, '5.00'), credit(chart.sales.id, '5.00')]);
    const before = await feed(api, base);

    const created = await api.post(`${base}/Reports`, { kind: 'TrialBalance', parameters: { financialYearId: year.id } });
    const stored = await api.get(`${base}/Reports/${created.body.id}`);

    expect(created.status, created.text).toBe(200);
    const head = { sequence: before.at(-1)!.sequence, hash: before.at(-1)!.hash };
    expect(created.body.auditHead).toEqual(head);
    expect(stored.body.auditHead).toEqual(head);
    expect(year.periods[0].auditHead).toBeNull();
    expect(year.auditHead).toBeNull();
  });
});
