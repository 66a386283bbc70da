import { describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { csvRows, getFile, sheetValues, xlsxSheet } from '../../support/files.ts';
import { wholeFeed, type FeedEvent } from '../../support/feed.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/**
 * Entry numbers (docs/decisions.md, Journals, "Entry numbers"): each journal that reaches the
 * books takes the company's next number, 1..N without a gap, in the order its events are
 * numbered; shown on the journal, in its files, in SAF-T and in the auditors' data.
 */
const gateway = useGateway();

type Chart = Awaited<ReturnType<typeof companyBooks>>['chart'];

/** A cash sale created and posted on `day`; throws unless both succeed. */
async function posted(api: Client, base: string, chart: Chart, day: string, amount: number) {
  const created = await api.post(`${base}/Journals`, { date: `${day}T08:00:00Z`, entries: [debit(chart.cash.id, amount), credit(chart.sales.id, amount)] });
  if (created.status !== 200) throw new Error(created.text);
  const post = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: day, version: created.body.version });
  if (post.status !== 200) throw new Error(post.text);
  return post.body;
}

/** The gap test, asked again after Retry-After when the database was too busy to answer (503), as a client does. */
async function gapTest(api: Client, base: string) {
  let answer = await api.get(`${base}/Audit/JournalNumbers`);
  for (let retries = 3; answer.status === 503 && retries > 0; retries--) {
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 1) * 1000));
    answer = await api.get(`${base}/Audit/JournalNumbers`);
  }
  return answer;
}

/** Every journal of the company, page after page. */
async function allJournals(api: Client, base: string): Promise<any[]> {
  const journals: any[] = [];
  let page: string | null = null;
  do {
    const r: { status: number; text: string; body: any } = await api.get(`${base}/Journals?pageSize=100${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    expect(r.status, r.text).toBe(200);
    journals.push(...r.body.results);
    page = r.body.nextPage;
  } while (page);
  return journals;
}

/** The numbers the events give, replayed from the feed in sequence order: a journal's first posting (or, for a reversing journal, its reversal) takes the next. */
function numbersFromFeed(events: FeedEvent[]): Map<string, number> {
  const numbers = new Map<string, number>();
  const give = (id: unknown) => typeof id === 'string' && !numbers.has(id) && numbers.set(id, numbers.size + 1);
  for (const e of [...events].sort((a, b) => a.sequence - b.sequence)) {
    if (e.type === 'JournalPosted') give(e.recordId);
    if (e.type === 'JournalReversed') give((e.data as { reversedBy?: unknown }).reversedBy);
  }
  return numbers;
}

describe('entry numbers', () => {
  it('numbers the journals 16 clients post, void and reverse at once 1..N, no gap, no repeat, in event order; the gap test finds none', async () => {
    // Arrange
    const { api, base, chart } = await companyBooks(gateway.url);
    const unposted: string[] = [];

    // Act: 16 clients at once, each posting four journals, voiding its second, reversing its third, leaving a draft and discarding another; the gap test asked meanwhile numbers as they go.
    const checks: Array<Promise<unknown>> = [];
    await Promise.all(
      Array.from({ length: 16 }, async (_, c) => {
        for (let k = 0; k < 4; k++) {
          const journal = await posted(api, base, chart, `2026-03-${String(10 + k).padStart(2, '0')}`, c * 10 + k + 1);
          if (k === 1) expect((await api.post(`${base}/Journals/${journal.id}/Void`, { version: journal.version })).status).toBe(200);
          if (k === 2) expect((await api.post(`${base}/Journals/${journal.id}/Reverse`, { postingDate: '2026-03-20', version: journal.version })).status).toBe(200);
          if (c % 4 === k) checks.push(gapTest(api, base));
        }
        const draft = (await api.post(`${base}/Journals`, { date: '2026-03-21T08:00:00Z', entries: [debit(chart.cash.id, 1), credit(chart.sales.id, 1)] })).body;
        const discarded = (await api.post(`${base}/Journals`, { date: '2026-03-21T08:00:00Z', entries: [debit(chart.cash.id, 2), credit(chart.sales.id, 2)] })).body;
        expect((await api.post(`${base}/Journals/${discarded.id}/Void`, { version: discarded.version })).status).toBe(200);
        unposted.push(draft.id, discarded.id);
      }),
    );
    for (const check of await Promise.all(checks)) expect((check as { status: number }).status).toBe(200);
    const gaps = await gapTest(api, base);
    const journals = await allJournals(api, base);
    const events = await wholeFeed<FeedEvent>(api, base);

    // Assert: 64 posted and 16 reversing journals, numbered 1..80 as their events were.
    expect(gaps.status, gaps.text).toBe(200);
    expect(gaps.body).toEqual({ count: 80, first: 1, last: 80, found: 80, missing: 0, gaps: [], repeated: [], complete: true });
    const numbered = journals.filter((j) => j.entryNumber !== undefined);
    expect(numbered.map((j) => j.entryNumber).sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    expect(new Map(numbered.map((j) => [j.id, j.entryNumber]))).toEqual(numbersFromFeed(events));
    expect(journals.filter((j) => j.status === 'voided' && j.postingDate !== null).every((j) => j.entryNumber !== undefined)).toBe(true);
    expect(journals.filter((j) => unposted.includes(j.id)).map((j) => j.entryNumber)).toEqual(Array.from({ length: 32 }, () => undefined));
  }, 240_000);

  it('shows the number on the journal, in the CSV and XLSX files, as SAF-T TransactionID and as the auditors\' journalId', async () => {
    // Arrange: three journals posted, the second voided, the third reversed.
    const { api, base, chart, token } = await companyBooks(gateway.url);
    const first = await posted(api, base, chart, '2026-03-02', 100);
    const second = await posted(api, base, chart, '2026-03-03', 200);
    const third = await posted(api, base, chart, '2026-03-04', 300);
    const voided = await api.post(`${base}/Journals/${second.id}/Void`, { version: second.version });
    const reversal = (await api.post(`${base}/Journals/${third.id}/Reverse`, { postingDate: '2026-03-05', version: third.version })).body;
    // A write's answer never holds it.
    expect(first.entryNumber).toBeUndefined();

    // Act
    expect((await api.get(`${base}/Audit/JournalNumbers`)).body).toMatchObject({ count: 4, complete: true });
    const json = await Promise.all([first, second, third, reversal].map(async (j) => (await api.get(`${base}/Journals/${j.id}`)).body));
    const again = await api.post(`${base}/Journals/${first.id}/Void`, { version: json[0].version });
    const csv = csvRows((await getFile(gateway.url(), token, `${base}/Journals?format=csv`)).bytes);
    const xlsx = sheetValues(await xlsxSheet((await getFile(gateway.url(), token, `${base}/Journals?format=xlsx`)).bytes));
    const saft = (await getFile(gateway.url(), token, `${base}/Exports/SafT?dateFrom=2026-03-01&dateTo=2026-03-31`)).bytes.toString('utf8');
    const audit = (await api.get(`${base}/AuditData/GL/Journals?startDate=2026-03-01&endDate=2026-03-31`)).body;

    // Assert: 1, 2, 3 as posted, 4 the reversing journal; a void keeps its journal's number (a write's answer leaves it out).
    const byId = new Map(json.map((j) => [j.id, j.entryNumber]));
    expect(json.map((j) => j.entryNumber)).toEqual([1, 2, 3, 4]);
    expect(voided.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.entryNumber).toBeUndefined();
    expect((await api.get(`${base}/Journals/${first.id}`)).body).toMatchObject({ status: 'voided', entryNumber: 1 });
    const numberColumn = (rows: unknown[][]) => new Set(rows.slice(1).map((r) => String(r[1])));
    expect(csv[0]!.slice(0, 3)).toEqual(['Serial number', 'Entry number', 'Date']);
    expect(numberColumn(csv)).toEqual(new Set(['1', '2', '3', '4']));
    expect(xlsx[0]!.slice(0, 3)).toEqual(['Serial number', 'Entry number', 'Date']);
    expect(numberColumn(xlsx)).toEqual(new Set(['1', '2', '3', '4']));
    // SAF-T: the journals in the books (the voided one no longer), by posting date.
    expect([...saft.matchAll(/<TransactionID>([^<]*)<\/TransactionID>/g)].map((m) => m[1])).toEqual(['3', '4']);
    expect(audit.results.map((d: { journalId: string }) => d.journalId)).toEqual(['3', '4']);
    expect(audit.results[0].reversalJournalId).toBe(String(byId.get(reversal.id)));
  });
});
