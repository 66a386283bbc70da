import { afterEach, describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { wideChart, wideDraft } from '../../support/ledger.ts';
import { crashAfterWrite as crashAfter } from '../support/faults.ts';

/**
 * Postings wider than one transaction run as a job of chunks (shared/journals/wide-posting.ts):
 * all or nothing once sent again after a crash, and no Lock or Close of the period while one is
 * under way (test/http/journals/wide-posting.test.ts: wide postings through the API).
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

const trial = async (api: Client, base: string) => (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;

/** A crash after the n-th transaction (support/faults.ts), ended after each test. */
function crashAfterWrite(n: number) {
  const crash = crashAfter(n);
  restore = crash.restore;
  return crash.writes;
}

describe('postings wider than one transaction, after a crash', () => {
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
});
