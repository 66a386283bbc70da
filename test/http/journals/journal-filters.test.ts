import { describe, expect, it } from 'vitest';
import { useGateway, type ApiResponse, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/**
 * The journal list's filters as accountants search: by account or cost center (a category: its
 * subtree), status, total, reference and serial range, combined with each other and with the
 * dates and keyword, under the spec's cursor rules.
 */
const gateway = useGateway();

type Books = Awaited<ReturnType<typeof companyBooks>>;

async function draft(api: Client, base: string, body: { date: string; entries: unknown[]; reference?: string; description?: string }): Promise<{ id: string; serialNumber: number; version: number }> {
  const r = await api.post(`${base}/Journals`, body);
  if (r.status !== 200) throw new Error(r.text);
  return r.body;
}

/** Every journal id a filter lists, walking all pages (pageSize 2, so cursors are used). */
async function listed(api: Client, base: string, query: string): Promise<string[]> {
  const ids: string[] = [];
  let page: string | null = null;
  for (let i = 0; i < 200; i++) {
    const r: ApiResponse = await api.get(`${base}/Journals?pageSize=2&${query}${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    expect(r.status, `${query}: ${r.text}`).toBe(200);
    ids.push(...r.body.results.map((j: { id: string }) => j.id));
    page = r.body.nextPage;
    if (!page) return ids;
  }
  throw new Error('the walk did not end');
}

/** Five journals across the small chart, a sub cost center S1 under HQ, one journal posted. */
async function searchableBooks() {
  const books: Books = await companyBooks(gateway.url);
  const { api, base, chart } = books;
  const sub = await api.post(`${base}/CostCenters`, { code: 'S1', name: { english: 'Showroom', arabic: 'المعرض' }, parentId: chart.hq.id });
  expect(sub.status, sub.text).toBe(200);
  const j1 = await draft(api, base, { date: '2026-01-05T09:00:00Z', reference: 'INV-001', description: 'Cash sale', entries: [debit(chart.cash.id, '100.00', chart.hq.id), credit(chart.sales.id, '100.00', chart.hq.id)] });
  const j2 = await draft(api, base, { date: '2026-02-01T09:00:00Z', reference: 'inv-002', description: 'February rent', entries: [debit(chart.rent.id, '250.50', chart.branch.id), credit(chart.bank.id, '250.50')] });
  const j3 = await draft(api, base, { date: '2026-02-10T09:00:00Z', reference: 'INV-003', description: 'Showroom sale', entries: [debit(chart.bank.id, '1000'), credit(chart.sales.id, '1000', sub.body.id)] });
  const j4 = await draft(api, base, { date: '2026-03-01T09:00:00Z', description: 'Petty rent', entries: [debit(chart.rent.id, '40'), credit(chart.cash.id, '40', chart.hq.id)] });
  const j5 = await draft(api, base, { date: '2026-03-15T09:00:00Z', reference: 'CAP-1', description: 'Capital', entries: [debit(chart.cash.id, '5000'), credit(chart.retained.id, '5000')] });
  const posted = await api.post(`${base}/Journals/${j2.id}/Post`, { postingDate: '2026-02-01', version: j2.version });
  expect(posted.status, posted.text).toBe(200);
  return { ...books, sub: sub.body as { id: string }, j: [j1, j2, j3, j4, j5] };
}

const sorted = (ids: string[]) => [...ids].sort();

describe('journal list filters', () => {
  it('filters by account and cost center (UUID or path; a category is its subtree), status, total, reference and serial range, each and combined', async () => {
    // Arrange
    const { api, base, chart, sub, j } = await searchableBooks();
    const [j1, j2, j3, j4, j5] = j.map((x) => x.id);
    const expectations: Array<[string, string[]]> = [
      ['accountId=4', [j1!, j3!]],
      ['accountId=4.4101', [j1!, j3!]],
      [`accountId=${chart.rent.id}`, [j2!, j4!]],
      ['accountId=1', [j1!, j2!, j3!, j4!, j5!]],
      ['costCenterId=HQ', [j1!, j3!, j4!]],
      ['costCenterId=HQ.S1', [j3!]],
      [`costCenterId=${sub.id.toUpperCase()}`, [j3!]],
      // With both, one line carries both: cash with HQ (j1, j4), not cash in j5 (no center).
      ['accountId=1.1101&costCenterId=HQ', [j1!, j4!]],
      ['accountId=4&costCenterId=BR', []],
      ['status=posted', [j2!]],
      ['status=draft&accountId=5', [j4!]],
      ['amountFrom=100&amountTo=1000', [j1!, j2!, j3!]],
      ['amountFrom=250.5', [j2!, j3!, j5!]],
      ['amountTo=99.999', [j4!]],
      ['reference=inv-001', [j1!]],
      ['reference=%20INV-002%20', [j2!]],
      ['reference=INV-00', []],
      ['serialFrom=2&serialTo=3', [j2!, j3!]],
      ['serialFrom=2&serialTo=3&orderBy=SerialNumber', [j2!, j3!]],
      ['serialFrom=4&orderBy=SerialNumber&orderAsc=true', [j4!, j5!]],
      ['serialTo=1&orderBy=Date', [j1!]],
      ['dateFrom=2026-02-01&accountId=4', [j3!]],
      ['dateFrom=2026-02-01&dateTo=2026-03-01&amountTo=300&orderBy=SerialNumber', [j2!, j4!]],
      ['keyword=rent&amountFrom=41', [j2!]],
    ];

    // Act
    const results = await Promise.all(expectations.map(([query]) => listed(api, base, query)));

    // Assert
    expectations.forEach(([query, expected], i) => expect(sorted(results[i]!), query).toEqual(sorted(expected)));
    // Each list keeps its order: serial ascending here.
    expect(await listed(api, base, 'accountId=1&orderBy=SerialNumber&orderAsc=true')).toEqual([j1, j2, j3, j4, j5]);
  });

  it('refuses bad filters with a 400 or 404 naming the field, and a cursor of another filter', async () => {
    const { api, base } = await searchableBooks();
    const refused = async (query: string, status: number, field: string, code?: string) => {
      const r = await api.get(`${base}/Journals?${query}`);
      expect(r.status, `${query}: ${r.text}`).toBe(status);
      expect(r.body.errors[0].name, query).toBe(field);
      if (code) expect(r.body.errors[0].code, query).toBe(code);
    };
    await refused('amountFrom=abc', 400, 'amountFrom');
    await refused('amountFrom=1.2345', 400, 'amountFrom');
    await refused('amountFrom=10&amountTo=9.99', 400, 'amountTo');
    await refused('serialFrom=-1', 400, 'serialFrom');
    await refused('serialFrom=5&serialTo=4', 400, 'serialTo');
    await refused('accountId=9.9999', 404, 'accountId', 'NotFound');
    await refused(`costCenterId=${'00000000-0000-4000-8000-000000000000'}`, 404, 'costCenterId', 'NotFound');
    await refused('accountId=not%20a%20path', 400, 'accountId');
    await refused('reference=', 400, 'reference');

    const first = await api.get(`${base}/Journals?pageSize=1&accountId=1`);
    expect(first.body.nextPage).not.toBeNull();
    await refused(`pageSize=1&accountId=5&page=${encodeURIComponent(first.body.nextPage)}`, 400, 'page', 'InvalidCursor');
    await refused(`pageSize=1&accountId=1&amountFrom=1&page=${encodeURIComponent(first.body.nextPage)}`, 400, 'page', 'InvalidCursor');
  });

  it('walks a sparse filter in bounded requests, each match exactly once while journals are inserted ahead of and behind the cursor', async () => {
    // Arrange: 24 journals, every fourth on rent; a request examines at most 3 journals.
    const { api, base, chart } = await searchableBooks();
    const before = process.env.JOURNAL_LIST_EXAMINE_LIMIT;
    process.env.JOURNAL_LIST_EXAMINE_LIMIT = '3';
    const day = (i: number) => `2026-04-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z`;
    const initial: string[] = [];
    for (let i = 0; i < 24; i++) {
      const onRent = i % 4 === 0;
      const journal = await draft(api, base, { date: day(i), entries: onRent ? [debit(chart.rent.id, 10 + i), credit(chart.cash.id, 10 + i)] : [debit(chart.cash.id, 10 + i), credit(chart.sales.id, 10 + i)] });
      if (onRent) initial.push(journal.id);
    }
    const rentBefore = [...initial, ...(await listed(api, base, `accountId=${chart.rent.id}&dateTo=2026-03-31`))];

    try {
      // Act: walk by date, descending; between pages insert a rent journal dated before everything (behind the
      // cursor: never reached), one dated after (ahead: appears once), and one that does not match.
      const seen: string[] = [];
      const sizes: number[] = [];
      const inserted: { ahead: string[]; behind: string[] } = { ahead: [], behind: [] };
      let page: string | null = null;
      let requests = 0;
      do {
        const r: ApiResponse = await api.get(`${base}/Journals?pageSize=2&accountId=5&orderBy=Date${page ? `&page=${encodeURIComponent(page)}` : ''}`);
        expect(r.status, r.text).toBe(200);
        requests++;
        seen.push(...r.body.results.map((x: { id: string }) => x.id));
        sizes.push(r.body.results.length);
        page = r.body.nextPage;
        // Only while the walk goes on: a journal inserted after the last page is ahead of no cursor.
        if (page && requests % 3 === 1) {
          inserted.behind.push((await draft(api, base, { date: '2026-12-31T23:00:00Z', entries: [debit(chart.rent.id, 1), credit(chart.cash.id, 1)] })).id);
          // Each one earlier than the last, so it is ahead of the cursor wherever the walk is.
          const earlier = new Date(Date.UTC(2026, 0, 1) + (3600 - requests) * 1000).toISOString();
          inserted.ahead.push((await draft(api, base, { date: earlier, entries: [debit(chart.rent.id, 2), credit(chart.cash.id, 2)] })).id);
          await draft(api, base, { date: '2026-06-01T00:00:00Z', entries: [debit(chart.cash.id, 3), credit(chart.sales.id, 3)] });
        }
      } while (page && requests < 200);

      // Assert: every match present at the start exactly once, no duplicates; the inserted ones ahead of the
      // cursor (older dates, as the walk is descending) each once; those behind never.
      expect(page).toBeNull();
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of rentBefore) expect(seen.filter((s) => s === id), id).toHaveLength(1);
      for (const id of inserted.ahead) expect(seen, id).toContain(id);
      for (const id of inserted.behind) expect(seen, id).not.toContain(id);
      expect(sorted(seen)).toEqual(sorted([...rentBefore, ...inserted.ahead]));
      // The bound shows: pages shorter than pageSize (even empty) that still had a next page.
      // (How many requests the walk takes depends on how the journals fall over the index's partitions.)
      expect(sizes.slice(0, -1).some((size) => size < 2)).toBe(true);
    } finally {
      if (before === undefined) delete process.env.JOURNAL_LIST_EXAMINE_LIMIT;
      else process.env.JOURNAL_LIST_EXAMINE_LIMIT = before;
    }
  }, 60_000);
});
