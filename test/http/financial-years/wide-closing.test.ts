import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { credit, debit, wideChart } from '../../support/ledger.ts';

/** Year-end closing of a chart of 1,000 expense accounts with balances in two cost centers each. */
const gateway = useGateway();
const ACCOUNTS = 1000;

describe('closing a large chart', () => {
  it('closes 1,000 accounts per cost center, exactly, and posting it brings every one to zero', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const books = await wideChart(api, base, { leaves: ACCOUNTS, centers: 2 });
    // A wide posting that outruns a request's deadline (a busy machine) answers 503 with
    // Retry-After, and the same Post sent again goes on from where it stopped, as a client does
    // (a Post names the version it posts, so sending it again never posts twice).
    const post = async (path: string, body: unknown) => {
      for (let attempt = 1; ; attempt++) {
        const r = await api.post(`${base}${path}`, body);
        if (r.status !== 503 || !path.endsWith('/Post') || attempt === 4) {
          expect(r.status, r.text).toBe(200);
          return r.body;
        }
        await new Promise((resolve) => setTimeout(resolve, Number(r.headers.get('retry-after') ?? 2) * 1000));
      }
    };
    const equity = await post('/Accounts', { code: '3', name: { english: 'Equity', arabic: 'Equity' }, type: 'category', classification: 'equity' });
    const retained = await post('/Accounts', { code: '31', name: { english: 'Retained', arabic: 'Retained' }, type: 'leaf', parentId: equity.id });
    const settings = (await api.get(`${base}/Settings`)).body;
    expect((await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: retained.id, version: settings.version })).status).toBe(200);

    // Four journals of 500 debit lines each: every account in cost center 0, then in 1, with amounts 0.01 to 10.00.
    let total = 0;
    for (const [c, center] of books.centers.entries()) {
      for (const half of [0, 1]) {
        const leaves = books.leaves.slice(half * 500, half * 500 + 500);
        const lines = leaves.map((leaf: { id: string }, i: number) => debit(leaf.id, (((i + c * 7) % 1000) + 1) / 100, center.id));
        const sum = lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
        total += sum;
        const draft = await post('/Journals', { date: '2026-06-30T00:00:00Z', entries: [...lines, credit(books.bank.id, (sum / 100).toFixed(2))] });
        await post(`/Journals/${draft.id}/Post`, { postingDate: '2026-06-30', version: 1 });
      }
    }

    const closing = await post(`/FinancialYears/${books.year.id}/GenerateClosingJournal`, undefined);
    expect(closing.entries).toHaveLength(2 * ACCOUNTS + 1);
    expect(closing.totals).toEqual({ debit: total / 100, credit: total / 100 });
    expect(closing.entries.at(-1)).toMatchObject({ accountId: retained.id, side: 1, amount: total / 100 });
    const posted = await post(`/Journals/${closing.id}/Post`, { postingDate: '2026-12-31', version: 1 });
    expect(posted.status).toBe('posted');

    const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    const row = (code: string) => trial.rows.find((r: { code: string }) => r.code === code);
    expect(row('5').closing).toEqual({ debit: '0.00', credit: '0.00' });
    expect(row('31').closing).toEqual({ debit: (total / 100).toFixed(2), credit: '0.00' });
    for (const center of books.centers) {
      const inCenter = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31&costCenterId=${center.id}`)).body;
      expect(inCenter.rows.find((r: { code: string }) => r.code === '5').closing).toEqual({ debit: '0.00', credit: '0.00' });
    }
    const statement = (await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    expect(statement.totals.expense).toEqual([(total / 100).toFixed(2)]);
  }, 400_000);
});
