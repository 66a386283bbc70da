import { describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { allErrors, csv, imported } from '../../support/imports.ts';
import { companyBooks } from '../../support/ledger.ts';

/**
 * Imports of journals and opening balances (shared/imports/plan-journals.ts, write-journals.ts):
 * both formats and modes, drafts and posted journals, dry runs, a second run that skips what the
 * first wrote, and imported journals that are ordinary ones (serial numbers, events, balances,
 * ledgers, Void).
 */
const gateway = useGateway();

const JOURNAL_COLUMNS = ['reference', 'date', 'postingDate', 'description', 'accountPath', 'costCenterPath', 'side', 'amount', 'currency', 'exchangeRate'];
/** Three journals: cash sales, rent split over two cost centers, a USD receipt at its own rate. */
const HISTORY = csv(JOURNAL_COLUMNS, [
  ['INV-1', '2026-01-15', '', 'Cash sale', '1.1101', '', '1', '100.50', '', ''],
  ['INV-1', '2026-01-15', '', '', '4.4101', '', '2', '100.50', '', ''],
  ['RENT-1', '2026-02-01', '2026-02-03', 'February rent', '5.5101', 'HQ', 'debit', '600', '', ''],
  ['RENT-1', '2026-02-01', '2026-02-03', '', '5.5101', 'BR', 'debit', '400', '', ''],
  ['RENT-1', '2026-02-01', '2026-02-03', '', '1.1102', '', 'credit', '1000', '', ''],
  ['USD-1', '2026-03-10T09:30:00+03:00', '', 'Dollar receipt', '1.1102', '', '1', '100', 'USD', '3.75'],
  ['USD-1', '2026-03-10T09:30:00+03:00', '', '', '4.4101', '', '2', '375', '', ''],
]);

const trialTotals = async (api: Client, base: string) => (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body.totals;

describe('importing journals', () => {
  it('posts a CSV history as ordinary journals, and a second run of the same file changes nothing', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);

    const first = await imported(api, base, companyId, { kind: 'journals', format: 'csv', mode: 'atomic', post: true, data: HISTORY });
    const totals = await trialTotals(api, base);
    const again = await imported(api, base, companyId, { kind: 'journals', format: 'csv', mode: 'atomic', post: true, data: HISTORY });

    expect(first).toMatchObject({ status: 'succeeded', counts: { rows: 7, valid: 7, invalid: 0, written: 7, skippedDuplicates: 0 } });
    const journals = (await api.get(`${base}/Journals?orderBy=SerialNumber&orderAsc=true`)).body.results;
    expect(journals.map((j: { reference: string; serialNumber: number; status: string; version: number }) => [j.reference, j.serialNumber, j.status, j.version])).toEqual([
      ['INV-1', 1, 'posted', 1],
      ['RENT-1', 2, 'posted', 1],
      ['USD-1', 3, 'posted', 1],
    ]);
    const rent = journals[1];
    expect(rent).toMatchObject({ date: '2026-02-01T00:00:00Z', postingDate: '2026-02-03', description: 'February rent', totals: { debit: 1000, credit: 1000 }, openingOf: null });
    expect(journals[2].entries[0]).toMatchObject({ currency: 'USD', amount: 100, exchangeRate: '3.75', baseAmount: 375 });
    expect(totals.movement).toEqual({ debit: '1475.50', credit: '1475.50' });
    const bank = (await api.get(`${base}/Reports/GeneralLedger?accountId=1.1102&dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    expect(bank.results.map((l: { serialNumber: number; amount: string; currency: string }) => [l.serialNumber, l.amount, l.currency])).toEqual([[2, '1000.00', 'SAR'], [3, '100.00', 'USD']]);
    expect(bank.closingBalance).toBe('-625.00');
    const events = (await api.get(`${base}/Events?pageSize=100&type=JournalCreated,JournalPosted`)).body.results;
    expect(events.map((e: { type: string; recordId: string; version: number }) => `${e.type} ${e.recordId} ${e.version}`).sort()).toEqual(journals.map((j: { id: string }) => `JournalPosted ${j.id} 1`).sort());

    expect(again).toMatchObject({ status: 'succeeded', counts: { rows: 7, valid: 7, written: 0, skippedDuplicates: 7 } });
    expect(await trialTotals(api, base)).toEqual(totals);
    expect((await api.get(`${base}/Journals`)).body.results).toHaveLength(3);
    // The accounts and cost centers the imported journals name are kept from deletion.
    const accounts = (await api.get(`${base}/Accounts?pageSize=100`)).body.results as Array<{ id: string; path: string; version: number }>;
    const cash = accounts.find((a) => a.path === '1.1101')!;
    const refused = await api.delete(`${base}/Accounts/${cash.id}`, { version: cash.version });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('InUse');

    // Ordinary journals: voiding one takes it off the balances.
    const voided = await api.post(`${base}/Journals/${rent.id}/Void`, { version: 1 });
    expect(voided.status, voided.text).toBe(200);
    expect((await trialTotals(api, base)).movement).toEqual({ debit: '475.50', credit: '475.50' });
  });

  it('writes the valid journals of a JSON file item by item and names the row and field of each error', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const line = (reference: string, accountPath: string, side: number, amount: number | string, extra: Record<string, unknown> = {}) => ({ reference, date: '2026-04-01', accountPath, side, amount, ...extra });
    const data = [
      line('OK-1', '1.1101', 1, 50),
      line('OK-1', '4.4101', 2, 50),
      line('BAD-PATH', '1.9999', 1, 10),
      line('BAD-PATH', '4.4101', 2, 10),
      line('BAD-CATEGORY', '1', 1, 10),
      line('BAD-CATEGORY', '4.4101', 2, 10),
      line('BAD-DECIMALS', '1.1101', 1, '10.005'),
      line('BAD-DECIMALS', '4.4101', 2, '10.005'),
      line('UNBALANCED', '1.1101', 1, 10),
      line('UNBALANCED', '4.4101', 2, 9),
      line('NO-YEAR', '1.1101', 1, 10, { date: '2031-01-01' }),
      line('NO-YEAR', '4.4101', 2, 10, { date: '2031-01-01' }),
    ];

    const job = await imported(api, base, companyId, { kind: 'journals', format: 'json', mode: 'perItem', post: true, data });
    const errors = await allErrors(api, base, job.id);

    expect(job).toMatchObject({ status: 'partiallySucceeded', counts: { rows: 12, valid: 2, invalid: 10, written: 2 }, errorCount: 6 });
    expect(errors.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 3, field: 'accountPath', code: 'NotFound' },
      { row: 5, field: 'accountPath', code: 'CategoryAccount' },
      { row: 7, field: 'amount', code: 'ValidationError' },
      { row: 8, field: 'amount', code: 'ValidationError' },
      { row: 9, field: 'amount', code: 'Unbalanced' },
      { row: 11, field: 'date', code: 'NoFinancialYear' },
    ]);
    expect(errors[2]!.reason).toContain('more than 2 decimal places');
    expect(errors[4]!.reason).toContain('rows 9-10');
    expect((await api.get(`${base}/Journals`)).body.results.map((j: { reference: string }) => j.reference)).toEqual(['OK-1']);
  });

  it('leaves drafts when not posting, writes nothing atomically with an invalid row, and nothing on a dry run', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const bad = HISTORY.replace('RENT-1,2026-02-01,2026-02-03,,1.1102', 'RENT-1,2026-02-01,2026-02-03,,1.1199');

    const atomic = await imported(api, base, companyId, { kind: 'journals', format: 'csv', mode: 'atomic', post: true, data: bad });
    const dry = await imported(api, base, companyId, { kind: 'journals', format: 'csv', mode: 'atomic', post: true, dryRun: true, data: HISTORY });
    const nothing = (await api.get(`${base}/Journals`)).body.results;
    const drafts = await imported(api, base, companyId, { kind: 'journals', format: 'csv', mode: 'perItem', data: HISTORY });

    expect(atomic).toMatchObject({ status: 'failed', counts: { valid: 4, invalid: 3, written: 0 }, errors: [{ row: 5, field: 'accountPath', code: 'NotFound' }] });
    expect(dry).toMatchObject({ status: 'succeeded', counts: { valid: 7, written: 0 } });
    expect(nothing).toEqual([]);
    expect(drafts).toMatchObject({ status: 'succeeded', counts: { written: 7 } });
    const written = (await api.get(`${base}/Journals?orderBy=SerialNumber&orderAsc=true`)).body.results;
    expect(written.map((j: { status: string; version: number }) => `${j.status} ${j.version}`)).toEqual(['draft 1', 'draft 1', 'draft 1']);
    expect((await trialTotals(api, base)).movement).toEqual({ debit: '0.00', credit: '0.00' });
    const posted = await api.post(`${base}/Journals/${written[0].id}/Post`, { postingDate: '2026-01-15', version: 1 });
    expect(posted.status, posted.text).toBe(200);
    expect((await trialTotals(api, base)).movement).toEqual({ debit: '100.50', credit: '100.50' });
  });

  it('refuses a reference of more lines than a journal holds, on a dry run too, naming its first row and reference', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const rows = Array.from({ length: 1001 }, (_, i) => ['ONE', '2026-05-01', '', '', i % 2 ? '4.4101' : '1.1101', '', String(1 + (i % 2)), '10.00', '', '']);
    const data = HISTORY + csv(JOURNAL_COLUMNS, rows).split('\r\n').slice(1).join('\r\n');

    const job = await imported(api, base, companyId, { kind: 'journals', format: 'csv', mode: 'perItem', post: true, dryRun: true, data });

    expect(job).toMatchObject({ status: 'partiallySucceeded', dryRun: true, counts: { rows: 1008, valid: 7, invalid: 1001, written: 0 }, errorCount: 1 });
    expect(job.errors).toEqual([{ row: 8, field: 'reference', reason: expect.stringContaining('journal ONE has 1001 rows, from row 8 to row 1008; a journal holds at most 1000 lines (row 1008 is line 1001)'), code: 'TooManyLines' }]);
    expect((await api.get(`${base}/Journals`)).body.results).toEqual([]);
  });

  it('reports imported books as the same journals posted by request, in ranges that split periods, before and after a Void', async () => {
    // Several accounts on one day, cost centers, a foreign line, days inside and at the edges of periods.
    type Line = [path: 'cash' | 'bank' | 'sales' | 'rent', center: 'hq' | 'branch' | '', side: 1 | 2, amount: string, currency?: [string, string]];
    const JOURNALS: Array<[reference: string, day: string, lines: Line[]]> = [
      ['J1', '2026-01-05', [['cash', '', 1, '10.01'], ['sales', '', 2, '10.01']]],
      ['J2', '2026-01-05', [['rent', 'hq', 1, '3.30'], ['rent', 'branch', 1, '1.70'], ['bank', '', 2, '5.00']]],
      ['J3', '2026-01-20', [['bank', '', 1, '100', ['USD', '3.75']], ['sales', '', 2, '375']]],
      ['J4', '2026-02-03', [['rent', 'hq', 1, '7'], ['cash', '', 2, '7']]],
      ['J5', '2026-02-03', [['cash', '', 1, '2.50'], ['sales', '', 2, '2.50']]],
      ['J6', '2026-02-25', [['rent', 'branch', 1, '12'], ['bank', '', 2, '12']]],
    ];
    const PATHS = { cash: '1.1101', bank: '1.1102', sales: '4.4101', rent: '5.5101', hq: 'HQ', branch: 'BR' };
    const importedBooks = await companyBooks(gateway.url);
    const requested = await companyBooks(gateway.url);
    const rows = JOURNALS.flatMap(([reference, day, lines]) => lines.map(([path, center, side, amount, fx]) => [reference, day, '', '', PATHS[path], center ? PATHS[center] : '', String(side), amount, fx?.[0] ?? '', fx?.[1] ?? '']));
    expect(await imported(importedBooks.api, importedBooks.base, importedBooks.companyId, { kind: 'journals', format: 'csv', post: true, data: csv(JOURNAL_COLUMNS, rows) })).toMatchObject({ status: 'succeeded' });
    const byRequest = new Map<string, { id: string }>();
    for (const [reference, day, lines] of JOURNALS) {
      const { api, base, chart } = requested;
      const entries = lines.map(([path, center, side, amount, fx]) => ({ accountId: chart[path].id, ...(center ? { costCenterId: chart[center].id } : {}), side, amount, ...(fx ? { currency: fx[0], exchangeRate: fx[1] } : {}) }));
      const draft = await api.post(`${base}/Journals`, { date: `${day}T00:00:00Z`, reference, entries });
      expect(draft.status, draft.text).toBe(200);
      const posted = await api.post(`${base}/Journals/${draft.body.id}/Post`, { postingDate: day, version: 1 });
      expect(posted.status, posted.text).toBe(200);
      byRequest.set(reference, posted.body);
    }

    // Each splits January and February (the days of a split period read, or taken off the whole one), the last one splits none.
    const RANGES = ['2026-01-06&dateTo=2026-02-03', '2026-01-20&dateTo=2026-02-24', '2026-01-01&dateTo=2026-12-31'];
    /** What each company's reports answer over the ranges: trial balances in total and in a cost center, the bank's ledger (its opening balance read from days). */
    const reports = async ({ api, base, chart }: typeof requested) => {
      const answers = [];
      for (const range of RANGES) {
        const trial = async (query = '') => {
          const r = await api.get(`${base}/Reports/TrialBalance?dateFrom=${range}${query}`);
          expect(r.status, r.text).toBe(200);
          // Rows by their codes and figures: the two companies' ids differ.
          return { rows: r.body.rows.map(({ accountId: _a, parentId: _p, ...row }: { accountId: string; parentId: string }) => row), totals: r.body.totals };
        };
        const ledger = (await api.get(`${base}/Reports/GeneralLedger?accountId=${chart.bank.id}&dateFrom=${range}`)).body;
        answers.push({ range, total: await trial(), hq: await trial(`&costCenterId=${chart.hq.id}`), bank: [ledger.openingBalance, ledger.closingBalance] });
      }
      return answers;
    };
    expect(await reports(importedBooks)).toEqual(await reports(requested));

    // A Void of an imported journal takes its figures off the day it was posted on, as one posted by request.
    const importedJ2 = (await importedBooks.api.get(`${importedBooks.base}/Journals?reference=J2`)).body.results[0];
    expect((await importedBooks.api.post(`${importedBooks.base}/Journals/${importedJ2.id}/Void`, { version: importedJ2.version })).status).toBe(200);
    const requestedJ2 = byRequest.get('J2')!;
    expect((await requested.api.post(`${requested.base}/Journals/${requestedJ2.id}/Void`, { version: 2 })).status).toBe(200);
    expect(await reports(importedBooks)).toEqual(await reports(requested));
    // The audit's check of balance items against ledger entries reads the same days.
    expect((await importedBooks.api.get(`${importedBooks.base}/Audit/Verify`)).body).toMatchObject({ verified: true });
  });
});

describe('importing opening balances', () => {
  it('posts one opening journal on the first day of the year, marked as such, once', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const year = (await api.get(`${base}/FinancialYears`)).body.results[0];
    const data = csv(['accountPath', 'costCenterPath', 'debit', 'credit'], [
      ['1.1101', '', '2500.00', ''],
      ['1.1102', '', '7500', ''],
      ['3.3101', '', '', '10000'],
    ]);

    const job = await imported(api, base, companyId, { kind: 'openingBalances', format: 'csv', mode: 'atomic', financialYearId: year.id, data });
    const again = await imported(api, base, companyId, { kind: 'openingBalances', format: 'csv', mode: 'atomic', financialYearId: year.id, data });

    expect(job).toMatchObject({ status: 'succeeded', financialYearId: year.id, counts: { rows: 3, written: 3 } });
    expect(again).toMatchObject({ status: 'succeeded', counts: { written: 0, skippedDuplicates: 3 } });
    const journals = (await api.get(`${base}/Journals`)).body.results;
    expect(journals).toHaveLength(1);
    expect(journals[0]).toMatchObject({ status: 'posted', openingOf: year.id, date: '2026-01-01T00:00:00Z', postingDate: '2026-01-01', totals: { debit: 10000, credit: 10000 } });
    const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    expect(trial.totals.closing).toEqual({ debit: '10000.00', credit: '10000.00' });
  });

  it('refuses unbalanced opening balances, naming the row and field, in either format', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const year = (await api.get(`${base}/FinancialYears`)).body.results[0];

    const unbalanced = await imported(api, base, companyId, {
      kind: 'openingBalances',
      format: 'json',
      mode: 'perItem',
      financialYearId: year.id,
      data: [
        { accountPath: '1.1101', debit: 100 },
        { accountPath: '3.3101', credit: 90 },
      ],
    });
    const badRow = await imported(api, base, companyId, {
      kind: 'openingBalances',
      format: 'csv',
      mode: 'atomic',
      financialYearId: year.id,
      data: csv(['accountPath', 'debit', 'credit'], [['1.1101', '100', ''], ['3.3101', '', '100.001']]),
    });

    expect(unbalanced).toMatchObject({ status: 'failed', counts: { invalid: 2, written: 0 }, errors: [{ row: 1, field: 'debit', code: 'Unbalanced' }] });
    expect(badRow).toMatchObject({ status: 'failed', errors: [{ row: 2, field: 'credit', code: 'ValidationError' }] });
    expect((await api.get(`${base}/Journals`)).body.results).toEqual([]);
  });
});
