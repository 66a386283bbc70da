import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { client, companyOwner, signedInUser, useGateway, type ApiResponse, type Client } from '../../support/api.ts';
import { addApiKey, addMember } from '../../support/company-access.ts';
import { companyBooks, credit, debit, postedJournal, wideChart } from '../../support/ledger.ts';
import { requestLine } from '../../support/request-log.ts';

/** The auditors' journals (GET .../AuditData/GL/Journals): GLDetail records of the posted journals, their fields and sums from the books, paged. */
const gateway = useGateway();
const journalsOf = (base: string, query: string) => `${base}/AuditData/GL/Journals?${query}`;

/** Every GLDetail of a range, page after page. */
async function walk(api: Client, base: string, query: string): Promise<{ results: any[]; pages: number }> {
  const results: any[] = [];
  let page: string | null = null;
  let pages = 0;
  do {
    const r: ApiResponse = await api.get(journalsOf(base, `${query}${page ? `&page=${encodeURIComponent(page)}` : ''}`));
    expect(r.status, r.text).toBe(200);
    results.push(...r.body.results);
    page = r.body.nextPage;
    pages++;
  } while (page);
  return { results, pages };
}

/** The journal's entry number as the auditors' journalId gives it (read once its events are numbered). */
async function numberOf(api: Client, base: string, journal: { id: string }): Promise<string> {
  const read = await api.get(`${base}/Journals/${journal.id}`);
  expect(read.body.entryNumber, read.text).toBeTypeOf('number');
  return String(read.body.entryNumber);
}

/** Posts a draft on `postingDate`; throws unless it posts. */
async function post(api: Client, base: string, journal: { id: string; version: number }, postingDate: string) {
  const posted = await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate, version: journal.version });
  if (posted.status !== 200) throw new Error(posted.text);
  return posted.body;
}

describe('the auditors\' journals', () => {
  it('answers each posted journal of the range as a GLDetail, its fields from the books', async () => {
    // Arrange: journals of every kind the books hold, and some they no longer hold.
    const books = await companyBooks(gateway.url);
    const { api, base, chart, user, companyId } = books;
    const reviewer = await signedInUser(gateway.url);
    await addMember(api, base, reviewer.user.email, ROLES.find((r) => r.name === 'owner')!.id);
    expect((await api.put(`${base}/ApprovalPolicy`, { rules: [{ name: 'Large', minAmount: '5000', approvers: 1 }], version: 0 })).status).toBe(200);
    const key = client(gateway.url, `Bearer ${await addApiKey(api, base, ['journals:create', 'journals:post'])}`);

    const sale = (await api.post(`${base}/Journals`, { date: '2026-03-31T10:00:00Z', description: 'March sales', reference: 'INV-7', entries: [debit(chart.cash.id, '1150.50', chart.hq.id), credit(chart.sales.id, '1150.50')] })).body;
    const edited = (await api.put(`${base}/Journals/${sale.id}`, { date: '2026-03-31T10:00:00Z', description: 'March sales', reference: 'INV-7', entries: [debit(chart.cash.id, '1250.50', chart.hq.id), credit(chart.sales.id, '1250.50')], version: sale.version })).body;
    // Dated in March, posted in April: the posting date is the effective date, and decides the period.
    const postedSale = await post(api, base, edited, '2026-04-02');
    const usd = (await key.post(`${base}/Journals`, { date: '2026-04-05', entries: [debit(chart.rent.id, '375.00'), { ...credit(chart.bank.id, '100'), currency: 'USD', exchangeRate: 3.75 }] })).body;
    const postedUsd = await post(key, base, usd, '2026-04-05');
    const large = (await api.post(`${base}/Journals`, { date: '2026-04-06', entries: [debit(chart.rent.id, '6000'), credit(chart.bank.id, '6000')] })).body;
    const asked = (await api.post(`${base}/Journals/${large.id}/Submit`, { version: large.version })).body;
    const approved = await reviewer.api.post(`${base}/Journals/${large.id}/Approve`, { version: asked.version });
    expect(approved.status, approved.text).toBe(200);
    const postedLarge = await post(api, base, approved.body, '2026-04-06');
    const reversal = (await api.post(`${base}/Journals/${postedUsd.id}/Reverse`, { postingDate: '2026-04-20', version: postedUsd.version })).body;
    const voided = await postedJournal(api, base, '2026-04-10', [debit(chart.rent.id, 5), credit(chart.cash.id, 5)]);
    expect((await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version })).status).toBe(200);
    await api.post(`${base}/Journals`, { date: '2026-04-11', entries: [debit(chart.rent.id, 7), credit(chart.cash.id, 7)] });
    await postedJournal(api, base, '2026-05-01', [debit(chart.rent.id, 9), credit(chart.cash.id, 9)]);

    // Act
    const { results } = await walk(api, base, 'startDate=2026-04-01&endDate=2026-04-30');

    // Assert: the posted journals of April by posting date, the voided one, the draft and May's left out; each by its entry number, given in the order they reached the books.
    const numbers = await Promise.all([postedSale, postedUsd, postedLarge, reversal].map((j) => numberOf(api, base, j)));
    expect(numbers).toEqual(['1', '2', '3', '4']);
    expect(results.map((d) => d.journalId)).toEqual(numbers);
    const [saleDetail, usdDetail, largeDetail, reversalDetail] = results;
    expect(saleDetail).toEqual({
      journalId: numbers[0],
      fiscalYear: '2026',
      period: 'P04',
      effectiveDate: '2026-04-02',
      jeHeaderDescription: 'March sales',
      source: 'Manual',
      reversalIndicator: '',
      cancellationSign: false,
      enteredBy: user.id,
      enteredDate: postedSale.createdAt,
      lastModifiedBy: user.id,
      entityIdentifier: companyId,
      sourceSystem: 'Ledger API',
      glLineItems: [
        { glAccountNumber: chart.cash.path, journalIdLineNumber: '1', functionalAmount: 1250.5, functionalCurrency: 'SAR', reportingAmount: 1250.5, reportingCurrency: 'SAR', transactionAmount: 1250.5, transactionCurrency: 'SAR' },
        { glAccountNumber: chart.sales.path, journalIdLineNumber: '2', functionalAmount: -1250.5, functionalCurrency: 'SAR', reportingAmount: -1250.5, reportingCurrency: 'SAR', transactionAmount: -1250.5, transactionCurrency: 'SAR' },
      ],
    });
    // Entered by an API key; its foreign line in its own currency, reversed by a later journal.
    expect(usdDetail).toMatchObject({ source: 'API', enteredBy: postedUsd.createdBy.id, reversalIndicator: '2', reversalJournalId: numbers[3] });
    expect(usdDetail.glLineItems[1]).toEqual({ glAccountNumber: chart.bank.path, journalIdLineNumber: '2', functionalAmount: -375, functionalCurrency: 'SAR', reportingAmount: -375, reportingCurrency: 'SAR', transactionAmount: -100, transactionCurrency: 'USD' });
    expect(largeDetail).toMatchObject({ approvedBy: reviewer.user.id, approvedDate: postedLarge.approvedAt });
    expect(saleDetail.approvedBy).toBeUndefined();
    expect(reversalDetail).toMatchObject({ source: 'Reversal', reversalIndicator: '1', reversalJournalId: numbers[1], effectiveDate: '2026-04-20' });
    expect(reversalDetail.glLineItems.map((l: any) => l.functionalAmount)).toEqual(usdDetail.glLineItems.map((l: any) => -l.functionalAmount));
  });

  it('sums, per account, to the trial balance report\'s movement of the same dates', async () => {
    // Arrange
    const { api, base, chart } = await companyBooks(gateway.url);
    const days = ['2026-02-27', '2026-03-01', '2026-03-09', '2026-03-15', '2026-03-31', '2026-04-01'];
    for (const [i, day] of days.entries()) {
      await postedJournal(api, base, day, [debit(chart.cash.id, `${100 + i}.25`, chart.hq.id), debit(chart.rent.id, `${i}.75`), credit(chart.sales.id, `${101 + 2 * i}.00`)]);
    }

    // Act
    const { results } = await walk(api, base, 'startDate=2026-03-01&endDate=2026-03-31&pageSize=2');
    const report = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-03-01&dateTo=2026-03-31`)).body;

    // Assert: in mils, as the books add them.
    const mils = (n: number) => Math.round(n * 1000);
    const byAccount = new Map<string, number>();
    for (const line of results.flatMap((d) => d.glLineItems)) byAccount.set(line.glAccountNumber, (byAccount.get(line.glAccountNumber) ?? 0) + mils(line.functionalAmount));
    const movements = new Map<string, number>(report.rows.filter((r: any) => r.type === 'leaf').map((r: any) => [r.path, mils(Number(r.movement.debit)) - mils(Number(r.movement.credit))]));
    expect(results).toHaveLength(4);
    expect(byAccount).toEqual(movements);
    expect(results.flatMap((d) => d.glLineItems).reduce((sum: number, l: any) => sum + mils(l.functionalAmount), 0)).toBe(0);
  });

  it('pages in posting order, each journal once, with a cursor bound to its range', async () => {
    // Arrange: more journals than a page, posted out of serial order, one on many accounts.
    const { api, base, chart } = await companyBooks(gateway.url);
    const days = ['2026-06-09', '2026-06-01', '2026-06-05', '2026-06-05', '2026-06-30', '2026-06-02', '2026-06-20'];
    const posted = [];
    for (const day of days) posted.push(await postedJournal(api, base, day, [debit(chart.cash.id, 10), debit(chart.bank.id, 5), debit(chart.rent.id, 1), credit(chart.sales.id, 16)]));
    const inOrder = [...posted].sort((a, b) => (a.postingDate === b.postingDate ? a.serialNumber - b.serialNumber : a.postingDate < b.postingDate ? -1 : 1));

    // Act
    const { results, pages } = await walk(api, base, 'startDate=2026-06-01&endDate=2026-06-30&pageSize=3');
    const first = await api.get(journalsOf(base, 'startDate=2026-06-01&endDate=2026-06-30&pageSize=3'));
    const moved = await api.get(journalsOf(base, `startDate=2026-06-02&endDate=2026-06-30&pageSize=3&page=${encodeURIComponent(first.body.nextPage)}`));
    const altered = await api.get(journalsOf(base, `startDate=2026-06-01&endDate=2026-06-30&pageSize=3&page=${encodeURIComponent(`${first.body.nextPage}x`)}`));
    const everything = await walk(api, base, 'pageSize=100');
    const expected = await Promise.all(inOrder.map((j) => numberOf(api, base, j)));

    // Assert
    expect(results.map((d) => d.journalId)).toEqual(expected);
    expect(pages).toBe(3);
    expect(first.body.currentPage).toBeNull();
    for (const refused of [moved, altered]) {
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ name: 'page', code: 'InvalidCursor' });
    }
    expect(everything.results.map((d) => d.journalId)).toEqual(expected);
  });

  it('reads the ledgers of the accounts that moved in the range, not the whole chart', async () => {
    // Arrange: a chart of 40 expense accounts; March moves two accounts, June every one.
    const { api, base } = await companyOwner(gateway.url);
    const wide = await wideChart(api, base, { leaves: 40, centers: 0 });
    for (const day of ['2026-03-02', '2026-03-03']) await postedJournal(api, base, day, [debit(wide.leaves[0].id, 3), credit(wide.bank.id, 3)]);
    const callsOf = async (query: string) => {
      const r = await api.get(query);
      expect(r.status, r.text).toBe(200);
      return { body: r.body, calls: requestLine(r).dynamoCalls as number };
    };
    const march = journalsOf(base, 'startDate=2026-03-01&endDate=2026-03-31');
    await callsOf(march);
    const before = await callsOf(march);

    // Act: June's postings touch every account, none of them in March.
    await postedJournal(api, base, '2026-06-01', [...wide.leaves.map((leaf: { id: string }) => debit(leaf.id, 1)), credit(wide.bank.id, 40)]);
    // Its events numbered first (a page numbers what is pending: here nothing, as before).
    expect((await api.get(`${base}/Audit/JournalNumbers`)).status).toBe(200);
    const after = await callsOf(march);
    const report = await callsOf(`${base}/Reports/TrialBalance?dateFrom=2026-03-01&dateTo=2026-03-31`);
    const june = await callsOf(journalsOf(base, 'startDate=2026-06-01&endDate=2026-06-30'));

    // Assert: March's page costs what the trial balance of March costs, plus 8 ledger reads (one per
    // partition key) for each of its 2 accounts, one read of its journals and one of their entry
    // numbers, and the 4 reads of a numbering round that finds nothing pending, whatever the rest of
    // the chart does (a call or two of the caller's access and the years' cache come and go).
    expect(after.body.results).toHaveLength(2);
    expect(Math.abs(after.calls - before.calls)).toBeLessThanOrEqual(2);
    expect(after.calls).toBeLessThanOrEqual(report.calls + 2 * 8 + 2 + 4 + 2);
    expect(june.calls).toBeGreaterThanOrEqual(after.calls + 39 * 8);
    expect(june.body.results.map((d: any) => d.glLineItems.length)).toEqual([41]);
  });

  it('refuses a range that ends before it starts, or a date that is not one, naming the field', async () => {
    const { api, base } = await companyBooks(gateway.url);

    const reversed = await api.get(journalsOf(base, 'startDate=2026-03-02&endDate=2026-03-01'));
    const badDate = await api.get(journalsOf(base, 'startDate=2026-02-30'));
    const unknown = await api.get(journalsOf(base, 'dateFrom=2026-01-01'));
    const empty = await api.get(journalsOf(base, 'startDate=2030-01-01'));

    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0]).toMatchObject({ name: 'endDate', code: 'InvalidRange' });
    expect([badDate.status, badDate.body.errors[0].name]).toEqual([400, 'startDate']);
    expect([unknown.status, unknown.body.errors[0].name]).toEqual([400, 'dateFrom']);
    expect(empty.body).toEqual({ currentPage: null, results: [], nextPage: null });
  });
});
