import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/**
 * "An account in use cannot be deleted" stays exact under races: a journal and the delete of the
 * account it names, sent at once (test/db/tree/node-reference-guards.test.ts checks the guards).
 */
const gateway = useGateway();

describe('an account deleted while a journal names it', () => {
  it('never lets a journal name an account deleted at the same time (two requests at once, many rounds)', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const assets = (await api.get(`${base}/Accounts?keyword=Assets`)).body.results[0];
    let bothWon = 0;
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const account = (await api.post(`${base}/Accounts`, { code: `12${round}`, name: { english: `A${round}`, arabic: `A${round}` }, type: 'leaf', parentId: assets.id })).body;
      const [created, deleted] = await Promise.all([
        api.post(`${base}/Journals`, { date: '2026-03-01', entries: [debit(account.id, '1.00'), credit(chart.sales.id, '1.00')] }),
        api.delete(`${base}/Accounts/${account.id}`, { version: account.version }),
      ]);
      outcomes.add(`${created.status}/${deleted.status}`);
      if (created.status === 200 && deleted.status === 200) bothWon++;
    }
    expect(bothWon).toBe(0);
    // Either the journal first (the delete finds it in use) or the delete first (the journal names no account), or both refused.
    expect([...outcomes].filter((o) => !['200/409', '404/200', '409/200', '409/409'].includes(o))).toEqual([]);
  }, 60_000);
});
