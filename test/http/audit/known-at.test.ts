import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal, wideChart, wideDraft } from '../../support/ledger.ts';
import { instant } from '../../support/instants.ts';

/**
 * Reports as known at a moment (docs/decisions.md, Audit, "As known at"): the books as they
 * stood at an instant, counting only changes committed at or before it.
 * See also test/db/audit/known-at-summaries.test.ts: the summaries of book changes.
 */
const gateway = useGateway();
const rowsOf = (body: any) => Object.fromEntries(body.rows.map((r: any) => [r.code, [r.closing.debit, r.closing.credit]]));

describe('knownAt', () => {
  it('leaves out a backdated posting made later, keeps a journal voided later, and leaves out a reversal made later', async () => {
    // Arrange
    const { api, base, chart } = await companyBooks(gateway.url);
    const beforePostings = await instant();
    const first = await postedJournal(api, base, '2026-01-10', [debit(chart.cash.id, 100), credit(chart.sales.id, 100)]);
    const second = await postedJournal(api, base, '2026-02-10', [debit(chart.rent.id, 40), credit(chart.cash.id, 40)]);
    const t1 = await instant();
    const report = (at?: string) => api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31${at ? `&knownAt=${encodeURIComponent(at)}` : ''}`);
    const atT1 = await report();

    // Act: a backdated posting, a void and a reversal, all after t1.
    await postedJournal(api, base, '2026-01-05', [debit(chart.bank.id, 7), credit(chart.sales.id, 7)]);
    expect((await api.post(`${base}/Journals/${first.id}/Void`, { version: first.version })).status).toBe(200);
    expect((await api.post(`${base}/Journals/${second.id}/Reverse`, { version: second.version, postingDate: '2026-03-01' })).status).toBe(200);

    // Assert
    const known = await report(t1);
    expect(known.status, known.text).toBe(200);
    // The figures read then, the moment echoed (instant() gives it in UTC to the millisecond).
    expect(known.body).toEqual({ ...atT1.body, knownAt: t1 });
    expect(rowsOf(known.body)).toEqual({ '1': ['60.00', '0.00'], '1101': ['60.00', '0.00'], '4': ['0.00', '100.00'], '4101': ['0.00', '100.00'], '5': ['40.00', '0.00'], '5101': ['40.00', '0.00'] });
    const empty = await report('2020-01-01T00:00:00Z');
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.rows).toEqual([]);
    expect((await report(beforePostings)).body.rows).toEqual([]);
    const future = await report('2999-01-01T00:00:00+03:00');
    expect(future.body).toEqual({ ...(await report()).body, knownAt: '2998-12-31T21:00:00.000Z' });
  });

  it('shows the general ledger as it stood: lines of a journal voided later, not those of one posted later; exports alike', async () => {
    // Arrange
    const { api, base, chart } = await companyBooks(gateway.url);
    const kept = await postedJournal(api, base, '2026-01-10', [debit(chart.cash.id, 100), credit(chart.sales.id, 100)]);
    const t1 = await instant();
    await postedJournal(api, base, '2026-01-05', [debit(chart.cash.id, 7), credit(chart.sales.id, 7)]);
    expect((await api.post(`${base}/Journals/${kept.id}/Void`, { version: kept.version })).status).toBe(200);
    const ledger = (at?: string, format = '') => api.get(`${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&dateFrom=2026-01-01&dateTo=2026-12-31${at ? `&knownAt=${encodeURIComponent(at)}` : ''}${format}`);

    // Act
    const known = await ledger(t1);
    const file = await ledger(t1, '&format=csv');

    // Assert
    expect(known.status, known.text).toBe(200);
    expect(known.body.results.map((l: any) => [l.journalId, l.amount, l.balance])).toEqual([[kept.id, '100.00', '100.00']]);
    expect(known.body.closingBalance).toBe('100.00');
    expect((await ledger()).body.results.map((l: any) => l.amount)).toEqual(['7.00']);
    expect(file.status).toBe(200);
    expect(file.text).toContain('100.00');
    expect(file.text).not.toContain('7.00');
  });

  it('lists as restatements the changes made after a moment into periods closed or locked then', async () => {
    // Arrange: January closed, February locked, at `since`.
    const { api, base, chart } = await companyBooks(gateway.url);
    const year = (await api.get(`${base}/FinancialYears`)).body.results[0];
    const [january, february, march] = year.periods;
    const periodPath = (p: { id: string }) => `${base}/FinancialYears/${year.id}/Periods/${p.id}`;
    const inJanuary = await postedJournal(api, base, '2026-01-20', [debit(chart.rent.id, 30), credit(chart.cash.id, 30)]);
    expect((await api.post(`${periodPath(january)}/Close`, { version: 1 })).status).toBe(200);
    expect((await api.post(`${periodPath(february)}/Lock`, { version: 1 })).status).toBe(200);
    const since = await instant();

    // Act: reopen both, void January's journal, post into February, and into March (open at `since`: not a restatement).
    for (const p of [january, february]) expect((await api.post(`${periodPath(p)}/Reopen`, { version: (await api.get(periodPath(p))).body.version })).status).toBe(200);
    expect((await api.post(`${base}/Journals/${inJanuary.id}/Void`, { version: inJanuary.version })).status).toBe(200);
    const inFebruary = await postedJournal(api, base, '2026-02-03', [debit(chart.cash.id, 12.5), credit(chart.sales.id, 12.5)]);
    await postedJournal(api, base, '2026-03-03', [debit(chart.cash.id, 1), credit(chart.sales.id, 1)]);
    const listed = await api.get(`${base}/Reports/Restatements?since=${encodeURIComponent(since)}&pageSize=1`);
    const next = await api.get(`${base}/Reports/Restatements?since=${encodeURIComponent(since)}&pageSize=1&page=${encodeURIComponent(listed.body.nextPage)}`);

    // Assert
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.results).toEqual([
      expect.objectContaining({ journalId: inJanuary.id, type: 'JournalVoided', effect: 'takenBack', periodId: january.id, periodStatus: 'closed', postingDate: '2026-01-20', debit: '30.00', credit: '30.00', serialNumber: inJanuary.serialNumber }),
    ]);
    expect(next.body.results).toEqual([expect.objectContaining({ journalId: inFebruary.id, type: 'JournalPosted', effect: 'added', periodId: february.id, periodStatus: 'locked', debit: '12.50' })]);
    expect(next.body.nextPage).toBeNull();
    expect(march).toBeDefined();
    const bad = await api.get(`${base}/Reports/Restatements?since=2026-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].name).toBe('since');
  });

  it('takes back foreign-currency figures too, and cost-center figures, exactly', async () => {
    // Arrange
    const { api, base, chart } = await companyBooks(gateway.url);
    const usd = (accountId: string, side: 1 | 2, amount: string, costCenterId?: string) => ({ accountId, side, amount, currency: 'USD', exchangeRate: '3.75', ...(costCenterId ? { costCenterId } : {}) });
    const first = await postedJournal(api, base, '2026-02-10', [usd(chart.bank.id, 1, '10.00', chart.hq.id), usd(chart.sales.id, 2, '10.00', chart.hq.id)]);
    const t1 = await instant();
    const report = (query: string, at?: string) => api.get(`${base}/Reports/${query}${at ? `&knownAt=${encodeURIComponent(at)}` : ''}`);
    const queries = ['TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31&columns=quarter', `TrialBalance?dateFrom=2026-02-01&dateTo=2026-02-28&costCenterId=${chart.hq.id}`, 'IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31&byCostCenter=true'];
    const atT1 = await Promise.all(queries.map((q) => report(q)));

    // Act: another foreign posting backdated before the first, and the first voided.
    await postedJournal(api, base, '2026-02-01', [usd(chart.bank.id, 1, '3.33', chart.hq.id), usd(chart.sales.id, 2, '3.33')]);
    expect((await api.post(`${base}/Journals/${first.id}/Void`, { version: first.version })).status).toBe(200);

    // Assert
    for (const [i, query] of queries.entries()) {
      const known = await report(query, t1);
      expect(known.status, known.text).toBe(200);
      expect(known.body, query).toEqual({ ...atT1[i]!.body, knownAt: t1 });
    }
    const bank = atT1[0]!.body.rows.find((r: any) => r.accountId === chart.bank.id);
    expect(bank.currencies).toEqual([expect.objectContaining({ currency: 'USD', closing: { debit: '10.00', credit: '0.00' } })]);
  });

  it('takes back a wide journal adjusted later, whose events leave its state out for its size', async () => {
    // Arrange: 182 lines, posted as a job; its answer is too large for the event's data.
    const { api, base } = await companyOwner(gateway.url);
    const books = await wideChart(api, base, { leaves: 90, centers: 2 });
    const { draft } = await wideDraft(api, base, books);
    const posted = await api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-10', version: draft.version });
    expect(posted.status, posted.text).toBe(200);
    const t1 = await instant();
    const report = (at?: string) => api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31${at ? `&knownAt=${encodeURIComponent(at)}` : ''}`);
    const atT1 = await report();

    // Act
    expect((await api.post(`${base}/Journals/${draft.id}/Adjust`, { version: posted.body.version })).status).toBe(200);

    // Assert
    expect((await report()).body.rows).toEqual([]);
    const known = await report(t1);
    expect(known.status, known.text).toBe(200);
    expect(known.body).toEqual({ ...atT1.body, knownAt: t1 });
    expect(known.body.rows.length).toBeGreaterThan(90);
    const events = (await api.get(`${base}/Events?type=JournalPosted,JournalAdjusted`)).body.results;
    expect(events.map((e: any) => [e.type, e.dataOmitted])).toEqual([
      ['JournalPosted', true],
      ['JournalAdjusted', true],
    ]);
  });

  it('refuses knownAt on a stored report, whose figures are the books of its creation', async () => {
    const { api, base } = await companyBooks(gateway.url);
    const r = await api.post(`${base}/Reports`, { kind: 'TrialBalance', parameters: { dateFrom: '2026-01-01', dateTo: '2026-12-31', knownAt: '2026-01-01T00:00:00Z' } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].name).toContain('knownAt');
  });

  it('refuses a value that is not an ISO 8601 date-time, naming knownAt', async () => {
    const { api, base } = await companyBooks(gateway.url);
    const r = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31&knownAt=yesterday`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ name: 'knownAt', code: 'ValidationError' });
  });
});
