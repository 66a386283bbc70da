import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { csvRows, getFile } from '../../support/files.ts';
import { allErrors, imported } from '../../support/imports.ts';
import { credit, debit } from '../../support/ledger.ts';
import { taxedBooks } from '../../support/tax-books.ts';

/**
 * Journal imports whose lines carry tax (taxCode, taxAmount, emirate, counterpartyId, and the
 * journal's amountsIncludeTax), taxed as Create taxes them (imports/journal-tax.ts): a company's
 * taxed journals exported as CSV and imported into another company with the same codes and
 * counterparties give the same trial balance and VAT return; a bad tax field is its row's error,
 * nothing written.
 */
const gateway = useGateway();

const customer = { name: { english: 'Dubai Traders LLC', arabic: 'دبي للتجارة' }, country: 'AE', taxRegistrationNumber: null };
const supplier = { name: { english: 'London Services Ltd', arabic: 'لندن للخدمات' }, country: 'GB', taxRegistrationNumber: null };
const RANGE = 'dateFrom=2026-01-01&dateTo=2026-12-31';

async function ok(api: Client, method: 'get' | 'post', path: string, body?: unknown) {
  const r = method === 'get' ? await api.get(path) : await api.post(path, body);
  expect(r.status, `${path}: ${r.text}`).toBe(200);
  return r.body;
}

/** A UAE company with the standard codes (its Emirate by default `defaultEmirate`) and the two counterparties. */
async function uaeBooks(defaultEmirate?: string) {
  const books = await taxedBooks(gateway.url, 'AE', { standard: true, ...(defaultEmirate ? { defaultEmirate } : {}) });
  const customerId = (await ok(books.api, 'post', `${books.base}/Counterparties`, customer)).id as string;
  const supplierId = (await ok(books.api, 'post', `${books.base}/Counterparties`, supplier)).id as string;
  return { ...books, customerId, supplierId };
}

/** A journal created and posted on its day. */
async function posted(api: Client, base: string, reference: string, day: string, entries: unknown[], extra: Record<string, unknown> = {}) {
  const created = await ok(api, 'post', `${base}/Journals`, { date: `${day}T09:00:00+04:00`, reference, description: `Journal ${reference}`, entries, ...extra });
  await ok(api, 'post', `${base}/Journals/${created.id}/Post`, { postingDate: day, version: 1 });
}

/** The trial balance's rows by path, and the VAT return's figures. */
async function figures(api: Client, base: string) {
  const trial = await ok(api, 'get', `${base}/Reports/TrialBalance?${RANGE}`);
  const vat = await ok(api, 'get', `${base}/Reports/VatReturn?${RANGE}`);
  return {
    trial: trial.rows.map((r: any) => [r.path, r.movement, r.closing]),
    totals: trial.totals,
    vat: { boxes: vat.boxes, netDue: vat.netDue, currency: vat.currency },
  };
}

/**
 * The export's lines as an import file: each line a row, but the tax lines (the service makes
 * them again from the taxed line); accounts by path, counterparties by the other company's ids.
 */
function importFileOf(exported: string[][], paths: ReadonlyMap<string, string>, counterparties: ReadonlyMap<string, string>): string {
  const [header = [], ...lines] = exported;
  const at = (row: string[], column: string) => row[header.indexOf(column)] ?? '';
  const rows = lines
    .filter((line) => at(line, 'Tax of line') === '')
    .map((line) => {
      const foreign = at(line, 'Currency') !== 'SAR';
      return {
        reference: at(line, 'Reference'),
        date: at(line, 'Date'),
        postingDate: at(line, 'Posting date'),
        description: at(line, 'Description'),
        accountPath: paths.get(at(line, 'Code')),
        costCenterPath: at(line, 'Cost center'),
        side: at(line, 'Debit') === '' ? 'credit' : 'debit',
        amount: at(line, 'Amount in currency'),
        currency: foreign ? at(line, 'Currency') : '',
        exchangeRate: foreign ? at(line, 'Exchange rate') : '',
        taxCode: at(line, 'Tax code'),
        taxAmount: at(line, 'Tax amount'),
        emirate: at(line, 'Emirate'),
        counterpartyId: at(line, 'Counterparty id') === '' ? '' : counterparties.get(at(line, 'Counterparty id')),
      };
    });
  return stringify(rows, { header: true, record_delimiter: '\r\n' });
}

/** A journal's lines as comparable between companies: accounts by path, counterparties by name. */
const linesOf = (journal: any, paths: ReadonlyMap<string, string>, parties: ReadonlyMap<string, string>) =>
  journal.entries.map((e: any) => ({
    account: paths.get(e.accountId),
    side: e.side,
    amount: e.amount,
    baseAmount: e.baseAmount,
    currency: e.currency,
    exchangeRate: e.exchangeRate,
    taxOf: e.taxOf,
    counterparty: e.counterpartyId === null ? null : parties.get(e.counterpartyId),
    tax: e.tax && { taxCode: e.tax.taxCode, percent: e.tax.percent, taxAmount: e.tax.taxAmount, baseBoxes: e.tax.baseBoxes, taxBoxes: e.tax.taxBoxes, emirate: e.tax.emirate, taxLines: e.tax.taxLines },
  }));

describe('importing taxed journals', () => {
  it('an export of taxed journals imported into a company with the same codes and counterparties gives the same trial balance and VAT return', async () => {
    const from = await uaeBooks('DU');
    const into = await uaeBooks();
    const { api, base, chart } = from;
    // A sale in Abu Dhabi; one whose amounts include tax in the default Emirate; one whose invoice rounded its tax down a fil;
    // a reverse-charged purchase (two tax lines) at a cost center; a dollar sale at its own rate; a zero-rated sale.
    await posted(api, base, 'INV-1', '2026-03-10', [debit(chart.cash.id, '1050'), { ...credit(chart.sales.id, '1000'), taxCode: 'S-STD', emirate: 'AZ', counterpartyId: from.customerId }]);
    await posted(api, base, 'INV-2', '2026-03-12', [debit(chart.cash.id, '333.33'), { ...credit(chart.sales.id, '333.33'), taxCode: 'S-STD', counterpartyId: from.customerId }], { amountsIncludeTax: true });
    await posted(api, base, 'INV-3', '2026-03-13', [debit(chart.cash.id, '106.15'), { ...credit(chart.sales.id, '101.10'), taxCode: 'S-STD', taxAmount: '5.05' }]);
    await posted(api, base, 'BILL-1', '2026-03-15', [{ ...debit(chart.rent.id, '2000', chart.hq.id), taxCode: 'P-RC', counterpartyId: from.supplierId }, credit(chart.bank.id, '2000')]);
    await posted(api, base, 'USD-1', '2026-04-02', [{ ...debit(chart.bank.id, '105'), currency: 'USD', exchangeRate: '3.75' }, { ...credit(chart.sales.id, '100'), currency: 'USD', exchangeRate: '3.75', taxCode: 'S-STD' }]);
    await posted(api, base, 'ZR-1', '2026-04-03', [debit(chart.cash.id, '500'), { ...credit(chart.sales.id, '500'), taxCode: 'S-ZR', counterpartyId: from.customerId }]);
    const journals = (await ok(api, 'get', `${base}/Journals?orderAsc=true&pageSize=100`)).results;

    const file = await getFile(gateway.url(), from.token, `${base}/Journals?format=csv`);
    expect(file.status).toBe(200);
    const exported = csvRows(file.bytes);
    const accountsOf = async (books: typeof from) => (await ok(books.api, 'get', `${books.base}/Accounts?pageSize=100`)).results as Array<{ id: string; code: string; path: string }>;
    const intoPaths = new Map((await accountsOf(into)).map((a) => [a.code, a.path]));
    const data = importFileOf(exported, intoPaths, new Map([[from.customerId, into.customerId], [from.supplierId, into.supplierId]]));
    const job = await imported(into.api, into.base, into.companyId, { kind: 'journals', format: 'csv', mode: 'atomic', post: true, data });

    // The file shows each tax line after the lines sent, naming its taxed line by number, as the JSON's taxOf does.
    const taxOf = exported.slice(1).filter((r) => r[19] !== '').map((r) => [r[6], r[7], r[19], r[8]]);
    expect(taxOf).toEqual([['INV-1', '3', '2', '2201'], ['INV-2', '3', '2', '2201'], ['INV-3', '3', '2', '2201'], ['BILL-1', '3', '1', '1201'], ['BILL-1', '4', '1', '2201'], ['USD-1', '3', '2', '2201']]);
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'succeeded', counts: { rows: 12, valid: 12, written: 12 } });
    // The same lines, tax and tax lines as the original journals, account for account.
    const again = (await ok(into.api, 'get', `${into.base}/Journals?orderAsc=true&pageSize=100`)).results;
    const comparable = async (books: typeof from, list: any[]) => {
      const paths = new Map((await accountsOf(books)).map((a) => [a.id, a.path]));
      const parties = new Map([[books.customerId, 'customer'], [books.supplierId, 'supplier']]);
      return list.map((j) => [j.reference, j.postingDate, linesOf(j, paths, parties)]);
    };
    expect(await comparable(into, again)).toEqual(await comparable(from, journals));
    expect(await figures(into.api, into.base)).toEqual(await figures(api, base));
    const vat = await figures(api, base);
    expect(vat.vat.boxes.find((b: any) => b.box === '1a')).toMatchObject({ amount: '1000.00', tax: '50.00' });
    expect(vat.vat.boxes.find((b: any) => b.box === '1b')).toMatchObject({ amount: '793.56', tax: '39.67' });
  });

  it('refuses bad tax fields as the API does, naming the row and field, and writes nothing; a dry run reports the same', async () => {
    const { api, base, companyId, outputVat, customerId } = await uaeBooks('DU');
    const later = await ok(api, 'post', `${base}/TaxCodes`, { code: 'S-NEW', name: { english: 'New', arabic: 'جديد' }, kind: 'standard', direction: 'supplies', rates: [{ effectiveFrom: '2026-06-01', percent: '5' }], taxAccountId: outputVat.id });
    await ok(api, 'post', `${base}/TaxCodes`, { code: 'S-OLD', name: { english: 'Old', arabic: 'قديم' }, kind: 'standard', direction: 'supplies', rates: [{ effectiveFrom: '2018-01-01', percent: '5' }], taxAccountId: outputVat.id, active: false });
    const parked = await ok(api, 'post', `${base}/Counterparties`, { ...customer, name: { english: 'Parked', arabic: 'موقوف' } });
    const put = await api.put(`${base}/Counterparties/${parked.id}`, { ...customer, name: parked.name, active: false, version: parked.version });
    expect(put.status, put.text).toBe(200);
    const sale = (reference: string, tax: Record<string, unknown>, extra: Record<string, unknown> = {}) => [
      { reference, date: '2026-03-01', accountPath: '1.1101', side: 1, amount: 1050, ...extra },
      { reference, date: '2026-03-01', accountPath: '4.4101', side: 2, amount: 1000, ...tax },
    ];
    const data = [
      ...sale('OK-1', { taxCode: 'S-STD', counterpartyId: customerId }),
      ...sale('UNKNOWN', { taxCode: 'S-NONE' }),
      ...sale('INACTIVE', { taxCode: 'S-OLD' }),
      ...sale('NO-RATE', { taxCode: later.code }),
      ...sale('OFF', { taxCode: 'S-STD', taxAmount: '50.02' }),
      ...sale('WHO', { taxCode: 'S-STD', counterpartyId: randomUUID() }),
      ...sale('PARKED', { taxCode: 'S-STD', counterpartyId: parked.id }),
      ...sale('NO-CODE', { taxAmount: 50 }),
      ...sale('EMIRATE', { taxCode: 'S-STD', emirate: 'XX' }),
      ...sale('GROSS', { taxCode: 'S-STD', amountsIncludeTax: true }, { amountsIncludeTax: false }),
    ];
    const expected = [
      { row: 4, field: 'taxCode', code: 'UnknownTaxCode' },
      { row: 6, field: 'taxCode', code: 'InactiveTaxCode' },
      { row: 8, field: 'taxCode', code: 'NoTaxRate' },
      { row: 10, field: 'taxAmount', code: 'TaxAmountOff' },
      { row: 12, field: 'counterpartyId', code: 'UnknownCounterparty' },
      { row: 14, field: 'counterpartyId', code: 'InactiveCounterparty' },
      { row: 16, field: 'taxAmount', code: 'ValidationError' },
      { row: 18, field: 'emirate', code: 'ValidationError' },
      { row: 20, field: 'amountsIncludeTax', code: 'InconsistentJournal' },
    ];

    const atomic = await imported(api, base, companyId, { kind: 'journals', format: 'json', mode: 'atomic', post: true, data });
    const columns = ['reference', 'date', 'accountPath', 'side', 'amount', 'taxCode', 'taxAmount', 'emirate', 'counterpartyId', 'amountsIncludeTax'];
    const dry = await imported(api, base, companyId, { kind: 'journals', format: 'csv', mode: 'perItem', post: true, dryRun: true, data: stringify(data, { header: true, columns, cast: { boolean: String } }) });

    expect(atomic).toMatchObject({ status: 'failed', counts: { rows: 20, valid: 2, invalid: 18, written: 0 }, errorCount: expected.length });
    const atomicErrors = await allErrors(api, base, atomic.id);
    expect(atomicErrors.map(({ row, field, code }) => ({ row, field, code }))).toEqual(expected);
    expect(atomicErrors.find((e) => e.code === 'TaxAmountOff')!.reason).toContain('more than one minor unit from 50.00');
    expect(dry).toMatchObject({ status: 'partiallySucceeded', dryRun: true, counts: { rows: 20, valid: 2, invalid: 18, written: 0 } });
    expect((await allErrors(api, base, dry.id)).map(({ row, field, code }) => ({ row, field, code }))).toEqual(expected);
    expect((await ok(api, 'get', `${base}/Journals`)).results).toEqual([]);
  });

  it('takes a journal’s amountsIncludeTax and a line’s tax from a JSON file as Create takes them from its body', async () => {
    const { api, base, companyId, chart, customerId } = await uaeBooks();
    const entries = [debit(chart.cash.id, '333.33'), { ...credit(chart.sales.id, '333.33'), taxCode: 'S-STD', emirate: 'SH', counterpartyId: customerId }];
    const created = await ok(api, 'post', `${base}/Journals`, { date: '2026-03-12T00:00:00Z', reference: 'API-1', amountsIncludeTax: true, entries });

    const job = await imported(api, base, companyId, {
      kind: 'journals',
      format: 'json',
      mode: 'atomic',
      data: [
        { reference: 'IMP-1', date: '2026-03-12', accountPath: '1.1101', side: 1, amount: '333.33', amountsIncludeTax: true },
        { reference: 'IMP-1', date: '2026-03-12', accountPath: '4.4101', side: 2, amount: '333.33', taxCode: 'S-STD', emirate: 'SH', counterpartyId: customerId },
      ],
    });

    expect(job).toMatchObject({ status: 'succeeded', counts: { written: 2 } });
    const importedJournal = (await ok(api, 'get', `${base}/Journals?reference=IMP-1`)).results[0];
    // The journal read back says what it was written with, whether created or imported.
    const read = await ok(api, 'get', `${base}/Journals/${created.id}`);
    expect([read.amountsIncludeTax, importedJournal.amountsIncludeTax]).toEqual([true, true]);
    expect(importedJournal.entries).toEqual(created.entries);
    expect(created.entries[1].tax).toMatchObject({ taxAmount: 15.87, emirate: 'SH', taxLines: [2] });
  });
});
