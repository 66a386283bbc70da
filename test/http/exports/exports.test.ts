import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { csvRows, getFile, sheetValues, xlsxSheet } from '../../support/files.ts';
import { credit, debit, postedJournal } from '../../support/ledger.ts';
import { exportBooks, ok } from '../../support/export-books.ts';

/**
 * Exports of the reports and the journal list: what comes back is read with the libraries a
 * user's program would use (csv-parse; exceljs reading the workbook) and every figure compared
 * with the JSON report of the same request.
 * See also test/db/exports/exported-stored-text.test.ts: text written past the request edge.
 */
const gateway = useGateway();

const books = () => exportBooks(gateway.url);

describe('CSV exports', () => {
  it('a trial balance: BOM, one header row, each figure the JSON report’s, names in the language asked for', async () => {
    // Arrange
    const { api, base, token } = await books();
    const query = 'dateFrom=2026-02-01&dateTo=2026-12-31';
    const json = await ok(api, `${base}/Reports/TrialBalance?${query}`);

    // Act
    const file = await getFile(gateway.url(), token, `${base}/Reports/TrialBalance?${query}&format=csv&language=ar`);

    // Assert
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="trial-balance_2026-02-01_2026-12-31_ar.csv"');
    const [header, ...rows] = csvRows(file.bytes);
    expect(header).toEqual(['الرمز', 'الحساب', 'رصيد افتتاحي مدين', 'رصيد افتتاحي دائن', 'حركة مدينة', 'حركة دائنة', 'رصيد ختامي مدين', 'رصيد ختامي دائن']);
    const figures = (s: { opening: { debit: string; credit: string }; movement: { debit: string; credit: string }; closing: { debit: string; credit: string } }) =>
      [s.opening.debit, s.opening.credit, s.movement.debit, s.movement.credit, s.closing.debit, s.closing.credit];
    expect(rows).toEqual([
      ...json.rows.map((r: any) => [r.code, r.name.arabic, ...figures(r)]),
      ['', 'الإجمالي', ...figures(json.totals)],
    ]);
  });

  it('answers the Accept header when no format is given, and the format parameter over it', async () => {
    const { base, token } = await books();
    const path = `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`;

    const byAccept = await getFile(gateway.url(), token, path, { accept: 'application/pdf;q=0.9, text/csv;q=0.8' });
    const byFormat = await getFile(gateway.url(), token, `${path}&format=json`, { accept: 'text/csv' });
    const anything = await getFile(gateway.url(), token, path, { accept: '*/*' });

    expect(byAccept.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csvRows(byAccept.bytes)[0]![0]).toBe('Code');
    expect(byFormat.headers.get('content-type')).toMatch(/^application\/json/);
    expect(anything.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('refuses a bad format or language naming the field, and an Accept header it cannot answer with 406', async () => {
    const { api, base } = await books();
    const path = `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`;

    const badFormat = await api.get(`${path}&format=pdf`);
    const badLanguage = await api.get(`${path}&format=csv&language=fr`);
    const unacceptable = await api.get(path, { accept: 'application/pdf' });

    expect(badFormat.status).toBe(400);
    expect(badFormat.body.errors.map((e: { name: string }) => e.name)).toEqual(['format']);
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.errors.map((e: { name: string }) => e.name)).toEqual(['language']);
    expect(unacceptable.status).toBe(406);
    expect(unacceptable.body.errors).toEqual([expect.objectContaining({ name: 'Accept', code: 'NotAcceptable' })]);
  });

  it('an income statement and a balance sheet: sections, accounts and totals as the JSON reports', async () => {
    const { api, base, token } = await books();
    const statement = await ok(api, `${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-03-31&compare=PreviousYear`);
    const sheet = await ok(api, `${base}/Reports/BalanceSheet?date=2026-03-31&compareDate=2026-01-31`);

    const statementCsv = csvRows((await getFile(gateway.url(), token, `${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-03-31&compare=PreviousYear&format=csv`)).bytes);
    const sheetCsv = csvRows((await getFile(gateway.url(), token, `${base}/Reports/BalanceSheet?date=2026-03-31&compareDate=2026-01-31&format=csv`)).bytes);

    const accountRows = (rows: any[]) => rows.map((r) => [r.code, r.name.english, ...r.amounts]);
    expect(statementCsv).toEqual([
      ['Code', 'Account', '2026-01-01 – 2026-03-31', '2025-01-01 – 2025-03-31'],
      ['', 'Revenue', '', ''],
      ...accountRows(statement.revenue),
      ['', 'Total revenue', ...statement.totals.revenue],
      ['', 'Expense', '', ''],
      ...accountRows(statement.expense),
      ['', 'Total expense', ...statement.totals.expense],
      ['', 'Net profit', ...statement.totals.netProfit],
    ]);
    expect(statement.totals.netProfit).toEqual(['790.05', '0.00']);
    expect(sheetCsv).toEqual([
      ['Code', 'Account', 'As of 2026-03-31', 'As of 2026-01-31'],
      ['', 'Assets', '', ''],
      ...accountRows(sheet.assets),
      ['', 'Total assets', ...sheet.totals.assets],
      ['', 'Liabilities', '', ''],
      ['', 'Total liabilities', ...sheet.totals.liabilities],
      ['', 'Equity', '', ''],
      ...accountRows(sheet.equity),
      ['', 'Current year earnings', ...sheet.currentYearEarnings],
      ['', 'Earlier years earnings', ...sheet.earlierYearsEarnings],
      ['', 'Total equity', ...sheet.totals.equity],
      ['', 'Total liabilities and equity', ...sheet.totals.liabilitiesAndEquity],
    ]);
  });

  it('a general ledger holds the whole range, not a page: every line and running balance of the JSON pages', async () => {
    const { api, base, token, chart } = await books();
    for (const day of ['04', '05', '06', '07']) await postedJournal(api, base, `2026-04-${day}`, [debit(chart.cash.id, `1${day}.5`), credit(chart.sales.id, `1${day}.5`)]);
    const query = `accountId=${chart.assets.id}&dateFrom=2026-01-01&dateTo=2026-12-31`;
    const lines: any[] = [];
    let page: string | null = null;
    let first: any;
    do {
      const body: any = await ok(api, `${base}/Reports/GeneralLedger?${query}&pageSize=2${page ? `&page=${encodeURIComponent(page)}` : ''}`);
      first ??= body;
      lines.push(...body.results);
      page = body.nextPage;
    } while (page);

    const file = await getFile(gateway.url(), token, `${base}/Reports/GeneralLedger?${query}&format=csv`);

    expect(file.headers.get('content-disposition')).toBe('attachment; filename="general-ledger_1_2026-01-01_2026-12-31_en.csv"');
    const [header, opening, ...rest] = csvRows(file.bytes);
    const closing = rest.pop();
    expect(header).toEqual(['Posting date', 'Serial number', 'Date', 'Code', 'Account', 'Description', 'Reference', 'Cost center', 'Debit', 'Credit', 'Balance', 'Currency', 'Amount in currency', 'Exchange rate']);
    expect(opening).toEqual(['', '', '', '', 'Opening balance', '', '', '', '', '', first.openingBalance, 'SAR', '', '']);
    expect(closing).toEqual(['', '', '', '', 'Closing balance', '', '', '', '', '', first.closingBalance, 'SAR', '', '']);
    const code = (id: string) => (id === chart.cash.id ? '1101' : '1102');
    expect(rest).toEqual(
      lines.map((l) => [l.postingDate, String(l.serialNumber), l.date, code(l.accountId), code(l.accountId) === '1101' ? 'Cash' : 'Bank', '', '', l.costCenterId === chart.hq.id ? 'HQ' : '', l.side === 1 ? l.baseAmount : '', l.side === 2 ? l.baseAmount : '', l.balance, l.currency, l.amount, l.exchangeRate]),
    );
    expect(rest).toHaveLength(7);
  });

  it('the journal list: one row per line of every journal the filters select, oldest first', async () => {
    const { api, base, token, chart } = await books();
    await api.post(`${base}/Journals`, { date: '2026-03-20T00:00:00Z', description: '=SUM(A1)', reference: 'D-1', entries: [debit(chart.rent.id, 5), credit(chart.cash.id, 5)] });
    const journals = (await ok(api, `${base}/Journals?dateFrom=2026-02-01&orderAsc=true&pageSize=100`)).results;

    const rows = csvRows((await getFile(gateway.url(), token, `${base}/Journals?dateFrom=2026-02-01&format=csv`)).bytes);

    expect(rows[0]).toEqual(['Serial number', 'Entry number', 'Date', 'Posting date', 'Status', 'Description', 'Reference', 'Line', 'Code', 'Account', 'Cost center', 'Debit', 'Credit', 'Currency', 'Amount in currency', 'Exchange rate', 'Tax code', 'Tax amount', 'Emirate', 'Tax of line', 'Counterparty id', 'Created by', 'Approved by', 'Posted by']);
    const codes = new Map<string, string[]>([[chart.cash.id, ['1101', 'Cash']], [chart.bank.id, ['1102', 'Bank']], [chart.sales.id, ['4101', 'Sales']], [chart.rent.id, ['5101', 'Rent']]]);
    const amount = (n: number) => n.toFixed(2);
    expect(rows.slice(1)).toEqual(
      journals.flatMap((j: any) =>
        j.entries.map((e: any, i: number) => [
          String(j.serialNumber), j.entryNumber === undefined ? '' : String(j.entryNumber), j.date, j.postingDate ?? '', j.status, j.description === '=SUM(A1)' ? "'=SUM(A1)" : (j.description ?? ''), j.reference ?? '', String(i + 1),
          ...codes.get(e.accountId)!, e.costCenterId === chart.branch.id ? 'BR' : '', e.side === 1 ? amount(e.baseAmount) : '', e.side === 2 ? amount(e.baseAmount) : '', 'SAR', amount(e.amount), e.exchangeRate,
          '', '', '', '', '',
          `user:${j.createdBy.id}`, '', j.postedBy ? `user:${j.postedBy.id}` : '',
        ]),
      ),
    );
    expect(rows).toHaveLength(1 + 6);
  });

  it('the journal list file selects what the list selects: the account, amount and reference filters alike', async () => {
    const { api, base, token, chart } = await books();
    const query = `accountId=${chart.rent.id}&amountFrom=100`;
    const journals = (await ok(api, `${base}/Journals?${query}&orderAsc=true&pageSize=100`)).results;

    const rows = csvRows((await getFile(gateway.url(), token, `${base}/Journals?${query}&format=csv`)).bytes);

    expect(journals.length).toBe(1);
    expect(rows.slice(1).map((r) => r[0])).toEqual(journals.flatMap((j: any) => j.entries.map(() => String(j.serialNumber))));
  });

  it('the journal list file reads every index shard once, in the list’s date order, with the status and keyword filters', async () => {
    const { api, base, token, chart } = await books();
    for (const day of ['10', '11', '12', '13', '14', '15']) await api.post(`${base}/Journals`, { date: `2026-04-${day}T00:00:00Z`, description: `Draft ${day}`, entries: [debit(chart.rent.id, 1), credit(chart.cash.id, 1)] });
    const serials = async (query: string) => (await ok(api, `${base}/Journals?orderAsc=true&pageSize=100${query}`)).results.flatMap((j: any) => j.entries.map(() => String(j.serialNumber)));
    const fileSerials = async (query: string) => csvRows((await getFile(gateway.url(), token, `${base}/Journals?format=csv${query}`)).bytes).slice(1).map((r) => r[0]);

    const [all, drafts, keyword] = await Promise.all([fileSerials(''), fileSerials('&status=draft'), fileSerials('&keyword=draft%201')]);

    expect(all).toEqual(await serials(''));
    expect(all).toHaveLength(2 * 9);
    expect(drafts).toEqual(await serials('&status=draft'));
    expect(drafts).toHaveLength(2 * 6);
    expect(keyword).toEqual(await serials('&keyword=draft%201'));
    expect(keyword).toHaveLength(2 * 6);
  });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('XLSX exports', () => {
  it('a trial balance in Arabic: one right-to-left sheet, amounts as numbers in the currency format equal to the JSON report, the tree indented, the total bold', async () => {
    // Arrange
    const { api, base, token } = await books();
    const json = await ok(api, `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`);

    // Act
    const file = await getFile(gateway.url(), token, `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31&language=ar`, { accept: XLSX });

    // Assert
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(XLSX);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="trial-balance_2026-01-01_2026-12-31_ar.xlsx"');
    const sheet = await xlsxSheet(file.bytes);
    expect(sheet.name).toBe('ميزان المراجعة');
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    const [header, ...rows] = sheetValues(sheet);
    expect(header).toEqual(['الرمز', 'الحساب', 'رصيد افتتاحي مدين', 'رصيد افتتاحي دائن', 'حركة مدينة', 'حركة دائنة', 'رصيد ختامي مدين', 'رصيد ختامي دائن']);
    const numbers = (s: any) => [s.opening.debit, s.opening.credit, s.movement.debit, s.movement.credit, s.closing.debit, s.closing.credit].map(Number);
    expect(rows).toEqual([...json.rows.map((r: any) => [r.code, r.name.arabic, ...numbers(r)]), [null, 'الإجمالي', ...numbers(json.totals)]]);
    json.rows.forEach((r: any, i: number) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(2).alignment?.indent ?? 0, r.path).toBe(r.depth);
      expect(row.getCell(3).numFmt).toBe('#,##0.00');
      expect(row.font?.bold ?? false).toBe(false);
    });
    expect(sheet.getRow(rows.length + 1).getCell(2).font?.bold).toBe(true);
  });

  it('a general ledger and the journal list: every line, dates as dates, amounts as numbers', async () => {
    const { api, base, token, chart } = await books();
    const query = `accountId=${chart.cash.id}&dateFrom=2026-01-01&dateTo=2026-12-31`;
    const ledger = await ok(api, `${base}/Reports/GeneralLedger?${query}&pageSize=100`);
    const journals = (await ok(api, `${base}/Journals?orderAsc=true&pageSize=100`)).results;

    const ledgerSheet = await xlsxSheet((await getFile(gateway.url(), token, `${base}/Reports/GeneralLedger?${query}&format=xlsx`)).bytes);
    const journalSheet = await xlsxSheet((await getFile(gateway.url(), token, `${base}/Journals?format=xlsx`)).bytes);

    expect(ledgerSheet.views[0]?.rightToLeft).toBe(false);
    const [, opening, ...lines] = sheetValues(ledgerSheet);
    const closing = lines.pop();
    expect(opening![10]).toBe(Number(ledger.openingBalance));
    expect(closing![10]).toBe(Number(ledger.closingBalance));
    expect(lines.map((l) => [l[0], l[1], l[8], l[9], l[10]])).toEqual(
      ledger.results.map((l: any) => [new Date(`${l.postingDate}T00:00:00Z`), l.serialNumber, l.side === 1 ? Number(l.baseAmount) : null, l.side === 2 ? Number(l.baseAmount) : null, Number(l.balance)]),
    );
    const [, ...journalLines] = sheetValues(journalSheet);
    expect(journalLines.map((l) => [l[0], l[7], l[11] ?? -Number(l[12])])).toEqual(
      journals.flatMap((j: any) => j.entries.map((e: any, i: number) => [j.serialNumber, i + 1, e.side === 1 ? e.baseAmount : -e.baseAmount])),
    );
  });

  it('a stored report exports as its report did', async () => {
    const { api, base, token } = await books();
    const stored = await api.post(`${base}/Reports`, { kind: 'IncomeStatement', parameters: { dateFrom: '2026-01-01', dateTo: '2026-12-31', byCostCenter: true } });
    expect(stored.status, stored.text).toBe(200);

    const fromSnapshot = await xlsxSheet((await getFile(gateway.url(), token, `${base}/Reports/${stored.body.id}?format=xlsx`)).bytes);
    const fromReport = await xlsxSheet((await getFile(gateway.url(), token, `${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31&byCostCenter=true&format=xlsx`)).bytes);
    const snapshotCsv = csvRows((await getFile(gateway.url(), token, `${base}/Reports/${stored.body.id}?format=csv&language=ar`)).bytes);

    expect(sheetValues(fromSnapshot)).toEqual(sheetValues(fromReport));
    expect(sheetValues(fromSnapshot)[0]).toEqual(['Code', 'Account', '2026-01-01 – 2026-12-31', '2026-01-01 – 2026-12-31 · Branch', '2026-01-01 – 2026-12-31 · Head office', '2026-01-01 – 2026-12-31 · No cost center']);
    expect(snapshotCsv.at(-1)).toEqual(['', 'صافي الربح', '790.05', '-250.05', '1000.10', '40.00']);
  });
});
