import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { chartOfAccounts, year2026 } from '../../support/ledger.ts';

/** What a client reads when a field is missing or of the wrong kind: the field's path and a reason in plain words. */
const gateway = useGateway();

describe('field messages', () => {
  it('answers a missing required field with "is required", naming it, in a body and in a query', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);

    const account = await api.post(`${base}/Accounts`, { name: { arabic: 'النقدية' }, type: 'leaf', parentId: chart.assets.id });
    const journal = await api.post(`${base}/Journals`, { date: '2026-03-01T00:00:00Z', entries: [{ accountId: chart.cash.id, side: 1 }, { side: 2, amount: 5 }] });
    const lock = await api.post(`${base}/FinancialYears/${year.id}/Periods/${year.periods[0].id}/Lock`, {});
    const report = await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01`);

    expect(account.status).toBe(400);
    expect(account.body.errors).toEqual([
      { name: 'code', reason: 'is required', code: 'ValidationError' },
      { name: 'name.english', reason: 'is required', code: 'ValidationError' },
    ]);
    expect(journal.body.errors).toEqual([
      { name: 'entries[0].amount', reason: 'is required', code: 'ValidationError' },
      { name: 'entries[1].accountId', reason: 'is required', code: 'ValidationError' },
    ]);
    // A field whose schema words its own message for a wrong value still reads "is required" when left out.
    expect(lock.body.errors).toEqual([{ name: 'version', reason: 'is required', code: 'ValidationError' }]);
    expect(report.body.errors).toEqual([{ name: 'dateTo', reason: 'is required', code: 'ValidationError' }]);
  });

  it('words a wrong type, a wrong option, an empty text and an empty list plainly', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const account = await api.post(`${base}/Accounts`, { code: 1101, name: { arabic: 'النقدية', english: '' }, type: 'leafy' });
    const journal = await api.post(`${base}/Journals`, { date: '2026-03-01T00:00:00Z', entries: [] });
    const notAList = await api.post(`${base}/Journals`, { date: '2026-03-01T00:00:00Z', entries: 'two lines' });

    expect(account.body.errors).toEqual([
      { name: 'code', reason: 'must be a string, not a number', code: 'ValidationError' },
      { name: 'name.english', reason: 'must not be empty', code: 'ValidationError' },
      { name: 'type', reason: 'must be one of category, leaf', code: 'ValidationError' },
    ]);
    expect(journal.body.errors).toEqual([{ name: 'entries', reason: 'must hold at least one item', code: 'ValidationError' }]);
    expect(notAList.body.errors).toEqual([{ name: 'entries', reason: 'must be an array, not a string', code: 'ValidationError' }]);
    // None of zod's own wording reaches a client.
    for (const r of [account, journal, notAList]) expect(r.text).not.toMatch(/Invalid input|expected \w+, received|Too small|Too big|Invalid option/);
  });
});
