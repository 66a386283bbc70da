import { describe, expect, it } from 'vitest';
import { postingBooks } from '../../../shared/db/ledger/books-store.ts';
import { postingPeriod } from '../../../shared/financial-years/posting-rules.ts';
import { pendingJobs } from '../../../shared/db/stores/pending-jobs.ts';
import { recoverJobs } from '../../../shared/journals/recover-jobs.ts';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { dyingAfter } from '../support/faults.ts';
import { wideChart, wideDraft } from '../../support/ledger.ts';

/**
 * A wide posting whose request died: reports refuse to show its half-applied figures (409 with
 * Retry-After) until recovery (shared/journals/recover-jobs.ts) finishes it without any client
 * request, recording the event its request would have recorded.
 */
const gateway = useGateway();
const REPORTS = [
  'Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31',
  'Reports/BalanceSheet?date=2026-12-31',
  'Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31',
  'Reports/GeneralLedger?accountId=11&dateFrom=2026-01-01&dateTo=2026-12-31',
];

const trial = async (api: Client, base: string) => {
  const r = await api.get(`${base}/${REPORTS[0]}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
};

/** Now plus a second: every job of the company started before it. */
const recoverCompany = (companyId: string) => recoverJobs(postingBooks(postingPeriod), pendingJobs, new Date(Date.now() + 1000), companyId);

describe('wide postings left unfinished', () => {
  it('keeps every report from showing a half-applied posting, then recovery finishes it with its event', async () => {
    const { api, base, companyId, user } = await companyOwner(gateway.url);
    const books = await wideChart(api, base, { leaves: 29, centers: 2 });
    const { draft, total } = await wideDraft(api, base, books);

    // The job's start and its first chunk commit; then the request dies.
    expect(await dyingAfter(2, () => api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-10', version: 1 }))).toBe(503);
    expect((await api.get(`${base}/Journals/${draft.id}`)).body.status).toBe('posting');
    for (const report of REPORTS) {
      const r = await api.get(`${base}/${report}`);
      expect(r.status, `${report}: ${r.text}`).toBe(409);
      expect(r.headers.get('retry-after'), report).toBe('2');
      expect(r.body.errors[0], report).toMatchObject({ name: 'generalErrors', code: 'PostingInProgress' });
    }

    expect(await recoverCompany(companyId)).toEqual({ finished: 1, failed: 0 });
    const journal = (await api.get(`${base}/Journals/${draft.id}`)).body;
    expect(journal).toMatchObject({ status: 'posted', version: 2, postingDate: '2026-03-10' });
    expect((await trial(api, base)).totals.movement).toEqual({ debit: total, credit: total });
    const events = (await api.get(`${base}/Events?type=JournalPosted`)).body.results;
    expect(events.map((e: { recordId: string }) => e.recordId)).toEqual([draft.id]);
    expect(events[0]).toMatchObject({ version: 2, actor: { type: 'user', id: user.id }, data: { status: 'posted' } });

    // Nothing left to recover; the request sent again finds the journal moved on.
    expect(await recoverCompany(companyId)).toEqual({ finished: 0, failed: 0 });
    const again = await api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-10', version: 1 });
    expect(again.status, again.text).toBe(409);
    expect((await trial(api, base)).totals.movement).toEqual({ debit: total, credit: total });
  });

  it('finishes an abandoned void and an abandoned reversal, and the trial balance nets them exactly', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const books = await wideChart(api, base, { leaves: 29, centers: 2 });
    const first = await wideDraft(api, base, books);
    const second = await wideDraft(api, base, books);
    for (const { draft } of [first, second]) {
      const posted = await api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-10', version: 1 });
      expect(posted.status, posted.text).toBe(200);
    }

    expect(await dyingAfter(3, () => api.post(`${base}/Journals/${first.draft.id}/Void`, { version: 2 }))).toBe(503);
    expect(await dyingAfter(2, () => api.post(`${base}/Journals/${second.draft.id}/Reverse`, { postingDate: '2026-04-01', version: 2 }))).toBe(503);
    const reversal = (await api.get(`${base}/Journals/${second.draft.id}`)).body;
    expect(reversal).toMatchObject({ status: 'reversed', version: 3 });
    expect((await api.get(`${base}/Journals/${reversal.reversedBy}`)).body.status).toBe('posting');
    expect((await api.get(`${base}/${REPORTS[0]}`)).status).toBe(409);

    expect(await recoverCompany(companyId)).toEqual({ finished: 2, failed: 0 });
    expect((await api.get(`${base}/Journals/${first.draft.id}`)).body).toMatchObject({ status: 'voided', version: 3 });
    expect((await api.get(`${base}/Journals/${reversal.reversedBy}`)).body).toMatchObject({ status: 'posted', reversalOf: second.draft.id });
    const tb = await trial(api, base);
    // The voided journal is gone; the reversed one and its reversal cancel out.
    expect(tb.totals.movement).toEqual({ debit: (Number(second.total) * 2).toFixed(2), credit: (Number(second.total) * 2).toFixed(2) });
    expect(tb.totals.closing).toEqual({ debit: '0.00', credit: '0.00' });
    const types = (await api.get(`${base}/Events?pageSize=100`)).body.results.map((e: { type: string; recordId: string }) => `${e.type} ${e.recordId}`);
    expect(types).toContain(`JournalVoided ${first.draft.id}`);
    expect(types).toContain(`JournalReversed ${second.draft.id}`);
  });
});
