import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { runExports } from '../../../functions/ops/run-exports.ts';
import { client, companyOwner, useGateway, type Client } from '../../support/api.ts';
import { addApiKey } from '../../support/company-access.ts';
import { getFile } from '../../support/files.ts';
import { credit, debit, year2026 } from '../../support/ledger.ts';
import { safTSchemaErrors } from '../../support/saf-t-schema.ts';
import { taxedBooks } from '../../support/tax-books.ts';

/**
 * The SAF-T Financial export (`GET .../Exports/SafT`): an XML document the Norwegian v1.30 schema
 * validates (xmllint against docs/standards/saf-t/), its balances the trial balance's, its totals
 * its lines', every journal posted in the range with its lines, and the same document as an
 * export job above the API's cap.
 */
const gateway = useGateway();

/** Elements a SAF-T file may repeat, read as arrays whether one or many. */
const REPEATED = new Set(['Account', 'Customer', 'Supplier', 'TaxCodeDetails', 'AnalysisTypeTableEntry', 'Journal', 'Transaction', 'Line', 'Analysis', 'TaxInformation']);
const parser = new XMLParser({ isArray: (name) => REPEATED.has(name), parseTagValue: false, trimValues: false });
type Node = Record<string, any>;
const parsed = (bytes: Buffer): Node => parser.parse(bytes.toString('utf8')).AuditFile;

const cents = (text: string | undefined) => Math.round(Number(text ?? '0') * 100);

/** A journal created with `fields` and posted on `postingDate`. */
async function posted(api: Client, base: string, postingDate: string, fields: Record<string, unknown>) {
  const created = await api.post(`${base}/Journals`, fields);
  expect(created.status, created.text).toBe(200);
  const done = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate, version: created.body.version });
  expect(done.status, done.text).toBe(200);
  return done.body;
}

/** The books of the tests: a Saudi company with its standard codes, a customer and a supplier, and journals in and around March 2026. */
async function safTBooks() {
  const books = await taxedBooks(gateway.url, 'SA', { standard: true });
  const { api, base, chart } = books;
  const { version } = (await api.get(`${base}/Settings`)).body;
  expect((await api.put(`${base}/Settings`, { taxJurisdiction: 'SA', taxRegistrationNumber: '310123456700003', version })).status).toBe(200);
  const party = async (english: string, arabic: string, taxRegistrationNumber: string | null) => (await api.post(`${base}/Counterparties`, { name: { english, arabic }, country: 'SA', taxRegistrationNumber })).body.id as string;
  const customer = await party('Riyadh Trading Co.', 'شركة الرياض للتجارة', '310987654300003');
  const supplier = await party('Jeddah Landlord', 'مؤجر جدة', null);

  const opening = await posted(api, base, '2026-01-15', { date: '2026-01-15', description: 'Capital paid in', entries: [debit(chart.cash.id, 5000), credit(chart.retained.id, 5000)] });
  const sale = await posted(api, base, '2026-03-05', {
    date: '2026-03-05',
    description: 'Invoice <INV-1> & "delivery" — فاتورة',
    reference: 'INV-1',
    entries: [{ ...debit(chart.cash.id, 1150), counterpartyId: customer }, { ...credit(chart.sales.id, 1000, chart.hq.id), taxCode: 'S-STD', counterpartyId: customer }],
  });
  const rent = await posted(api, base, '2026-03-10', {
    date: '2026-03-10',
    description: 'March rent',
    reference: 'BILL-77',
    entries: [{ ...debit(chart.rent.id, 400, chart.branch.id), taxCode: 'P-STD', counterpartyId: supplier }, credit(chart.bank.id, 460)],
  });
  // Dated in February, posted in March: in the range, which is of posting dates.
  const late = await posted(api, base, '2026-03-12', { date: '2026-02-27', description: 'Dollars bought', entries: [{ ...debit(chart.bank.id, 200), currency: 'USD', exchangeRate: '3.75' }, credit(chart.cash.id, 750)] });
  const reversedOne = await posted(api, base, '2026-03-20', { date: '2026-03-20', description: 'Posted twice', entries: [debit(chart.rent.id, 30), credit(chart.cash.id, 30)] });
  const reversal = await api.post(`${base}/Journals/${reversedOne.id}/Reverse`, { postingDate: '2026-03-21', version: reversedOne.version });
  expect(reversal.status, reversal.text).toBe(200);
  // Dated in March, posted in April; voided; a draft: none is in the range's file.
  await posted(api, base, '2026-04-02', { date: '2026-03-30', description: 'April rent', entries: [debit(chart.rent.id, 400), credit(chart.bank.id, 400)] });
  const voided = await posted(api, base, '2026-03-25', { date: '2026-03-25', description: 'Voided', entries: [debit(chart.rent.id, 9), credit(chart.cash.id, 9)] });
  expect((await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version })).status).toBe(200);
  expect((await api.post(`${base}/Journals`, { date: '2026-03-26', description: 'Draft', entries: [debit(chart.rent.id, 5), credit(chart.cash.id, 5)] })).status).toBe(200);
  return { ...books, customer, supplier, journals: { opening, sale, rent, late, reversedOne, reversal: reversal.body } };
}

const RANGE = 'dateFrom=2026-03-01&dateTo=2026-03-31';

describe('the SAF-T Financial export', () => {
  it('answers a document the Norwegian v1.30 schema validates: the trial balance’s balances, every journal posted in the range with its lines, totals equal to them', async () => {
    const books = await safTBooks();
    const { api, base, token, chart, customer, supplier, journals } = books;

    const file = await getFile(gateway.url(), token, `${base}/Exports/SafT?${RANGE}`);
    const notXml = await getFile(gateway.url(), token, `${base}/Exports/SafT?${RANGE}`, { accept: 'application/json' });
    const trial = (await api.get(`${base}/Reports/TrialBalance?${RANGE}`)).body;

    expect(file.status, file.bytes.toString()).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="saf-t_2026-03-01_2026-03-31.xml"');
    expect(notXml.status).toBe(406);
    expect(safTSchemaErrors(file.bytes)).toBeNull();
    const saft = parsed(file.bytes);

    // The header: the company, its registration, currency, range and the software.
    expect(saft.Header).toMatchObject({ AuditFileVersion: '1.30', AuditFileCountry: 'SA', SoftwareID: 'Ledger API', DefaultCurrencyCode: 'SAR', SelectionCriteria: { SelectionStartDate: '2026-03-01', SelectionEndDate: '2026-03-31' }, TaxAccountingBasis: 'A' });
    expect(saft.Header.Company).toMatchObject({ RegistrationNumber: '310123456700003', Name: 'Test Co', TaxRegistration: { TaxRegistrationNumber: '310123456700003' } });

    // Every leaf account, its opening and closing balances the trial balance's for the same dates.
    const accounts = saft.MasterFiles.GeneralLedgerAccounts.Account as Node[];
    const rows = new Map((trial.rows as Node[]).filter((r) => r.type === 'leaf').map((r) => [r.path, r]));
    expect(accounts.map((a) => a.AccountID).sort()).toEqual(expect.arrayContaining([...rows.keys()].sort()));
    for (const account of accounts) {
      const row = rows.get(account.AccountID);
      expect(cents(account.OpeningDebitBalance) - cents(account.OpeningCreditBalance), account.AccountID).toBe(row ? cents(row.opening.debit) - cents(row.opening.credit) : 0);
      expect(cents(account.ClosingDebitBalance) - cents(account.ClosingCreditBalance), account.AccountID).toBe(row ? cents(row.closing.debit) - cents(row.closing.credit) : 0);
    }
    expect(accounts.find((a) => a.AccountID === chart.cash.path)).toMatchObject({ AccountDescription: 'Cash / النقدية', GroupingCategory: 'asset', GroupingCode: '1', AccountType: 'GL', OpeningDebitBalance: '5000.00', ClosingDebitBalance: '5400.00' });

    // The customers and suppliers the lines name, the tax codes they use, the cost centers.
    expect(saft.MasterFiles.Customers.Customer).toEqual([{ Name: 'Riyadh Trading Co. / شركة الرياض للتجارة', Address: { Country: 'SA' }, TaxRegistration: { TaxRegistrationNumber: '310987654300003' }, CustomerID: customer.replace(/-/g, ''), PartyInfo: { Status: 'Active' } }]);
    expect(saft.MasterFiles.Suppliers.Supplier).toEqual([{ Name: 'Jeddah Landlord / مؤجر جدة', Address: { Country: 'SA' }, SupplierID: supplier.replace(/-/g, ''), PartyInfo: { Status: 'Active' } }]);
    expect(saft.MasterFiles.TaxTable.TaxTableEntry).toMatchObject({ TaxType: 'MVA', Description: 'Merverdiavgift' });
    // Each code's rates, each from its effective date to the day before the next.
    expect((saft.MasterFiles.TaxTable.TaxTableEntry.TaxCodeDetails as Node[]).map((d) => [d.TaxCode, d.EffectiveDate, d.ExpirationDate, d.TaxPercentage, d.Country, d.StandardTaxCode])).toEqual([
      ['P-STD', '2018-01-01', '2020-06-30', '5', 'SA', 'NA'],
      ['P-STD', '2020-07-01', undefined, '15', 'SA', 'NA'],
      ['S-STD', '2018-01-01', '2020-06-30', '5', 'SA', 'NA'],
      ['S-STD', '2020-07-01', undefined, '15', 'SA', 'NA'],
    ]);
    expect((saft.MasterFiles.AnalysisTypeTable.AnalysisTypeTableEntry as Node[]).map((e) => [e.AnalysisType, e.AnalysisID, e.AnalysisIDDescription, e.Status])).toEqual([
      ['CC', 'BR', 'Branch / الفرع', 'Active'],
      ['CC', 'HQ', 'Head office / المركز الرئيسي', 'Active'],
    ]);

    // Every journal posted in the range, in posting order; the header's totals those of their lines.
    const gl = saft.GeneralLedgerEntries;
    const transactions = gl.Journal[0].Transaction as Node[];
    // Each by its entry number (the file numbered the events first).
    const entryNumbers = await Promise.all([journals.sale, journals.rent, journals.late, journals.reversedOne, journals.reversal].map(async (j) => (await api.get(`${base}/Journals/${j.id}`)).body.entryNumber));
    expect(entryNumbers.every((n) => Number.isInteger(n))).toBe(true);
    expect(transactions.map((t) => Number(t.TransactionID))).toEqual(entryNumbers);
    const lines = transactions.flatMap((t) => t.Line as Node[]);
    const sum = (side: 'DebitAmount' | 'CreditAmount') => lines.reduce((s, l) => s + cents(l[side]?.Amount), 0);
    expect(Number(gl.NumberOfEntries)).toBe(transactions.length);
    expect(cents(gl.TotalDebit)).toBe(sum('DebitAmount'));
    expect(cents(gl.TotalCredit)).toBe(sum('CreditAmount'));
    expect(cents(gl.TotalDebit)).toBe(cents(trial.totals.movement.debit));
    expect(cents(gl.TotalCredit)).toBe(cents(trial.totals.movement.credit));

    // A sale: its dates, description (escaped text read back whole), customer, cost center and the VAT of its taxed line.
    const [sale, rent, late, , reversal] = transactions as [Node, Node, Node, Node, Node];
    expect(sale).toMatchObject({ Period: '3', PeriodYear: '2026', TransactionDate: '2026-03-05', TransactionType: 'Normal', Description: 'Invoice <INV-1> & "delivery" — فاتورة', GLPostingDate: '2026-03-05', CustomerID: customer.replace(/-/g, '') });
    expect(sale.SystemEntryDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(sale.Line).toEqual([
      expect.objectContaining({ RecordID: '1', AccountID: chart.cash.path, SourceDocumentID: 'INV-1', CustomerID: customer.replace(/-/g, ''), DebitAmount: { Amount: '1150.00' } }),
      expect.objectContaining({
        RecordID: '2',
        AccountID: chart.sales.path,
        Analysis: [{ AnalysisType: 'CC', AnalysisID: 'HQ' }],
        CreditAmount: { Amount: '1000.00' },
        TaxInformation: [{ TaxType: 'MVA', TaxCode: 'S-STD', TaxPercentage: '15', TaxBase: '1000.00', CreditTaxAmount: { Amount: '150.00' } }],
      }),
      expect.objectContaining({ RecordID: '3', AccountID: books.outputVat.path, CreditAmount: { Amount: '150.00' }, CrossReference: '2' }),
    ]);
    expect(rent).toMatchObject({ SupplierID: supplier.replace(/-/g, '') });
    expect(rent.Line[0]).toMatchObject({ SupplierID: supplier.replace(/-/g, ''), Analysis: [{ AnalysisID: 'BR' }], TaxInformation: [{ TaxCode: 'P-STD', DebitTaxAmount: { Amount: '60.00' } }] });
    // A foreign line: its amount in its currency and the rate beside the company's.
    expect(late).toMatchObject({ TransactionDate: '2026-02-27', GLPostingDate: '2026-03-12' });
    expect(late.Line[0].DebitAmount).toEqual({ Amount: '750.00', CurrencyCode: 'USD', CurrencyAmount: '200.00', ExchangeRate: '3.75' });
    expect(reversal).toMatchObject({ TransactionType: 'Reversal' });
  });

  it('writes the same document as an export job when the range holds more lines than a request answers (413 naming the job)', async () => {
    const { api, base, token, companyId } = await safTBooks();

    process.env.EXPORT_MAX_LINES = '4';
    let refused;
    try {
      refused = await api.get(`${base}/Exports/SafT?${RANGE}`);
    } finally {
      delete process.env.EXPORT_MAX_LINES;
    }
    const wrongFormat = await api.post(`${base}/Exports`, { route: 'auditFiles.safT', format: 'csv', parameters: { dateFrom: '2026-03-01', dateTo: '2026-03-31' } });
    const created = await api.post(`${base}/Exports`, { route: 'auditFiles.safT', format: 'xml', parameters: { dateFrom: '2026-03-01', dateTo: '2026-03-31' } });
    await runExports({ companyId });
    const job = (await api.get(`${base}/Exports/${created.body.id}`)).body;
    const download = Buffer.from(await (await fetch(job.downloadUrl)).arrayBuffer());
    const answer = await getFile(gateway.url(), token, `${base}/Exports/SafT?${RANGE}`);

    expect(refused.status).toBe(413);
    expect(refused.body.errors[0]).toMatchObject({ name: 'dateTo', code: 'ExportTooLarge' });
    expect(refused.body.errors[0].reason).toMatch(/POST \/api\/v1\/Companies\/.*\/Exports/);
    expect(wrongFormat.status).toBe(400);
    expect(wrongFormat.body.errors[0]).toMatchObject({ name: 'format', reason: 'must be xml: the formats auditFiles.safT is written in' });
    expect(created.status, created.text).toBe(202);
    expect(job).toMatchObject({ status: 'available', route: 'auditFiles.safT', format: 'xml', fileName: 'saf-t_2026-03-01_2026-03-31.xml', lines: 12, bytes: download.length });
    expect(safTSchemaErrors(download)).toBeNull();
    // The day the file was made is the one field that may differ.
    const undated = (bytes: Buffer) => bytes.toString('utf8').replace(/<AuditFileDateCreated>[^<]*</, '<AuditFileDateCreated><');
    expect(undated(download)).toBe(undated(answer.bytes));
  });

  it('answers files whose balances move by their lines, and whose totals are their lines, while journals are posted into the range', async () => {
    const { api, base, token, chart } = await safTBooks();
    let posting = true;
    const postings = (async () => {
      for (let i = 0; posting && i < 40; i++) await posted(api, base, `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`, { date: '2026-03-01', description: `Cash sale ${i}`, entries: [debit(chart.cash.id, 10 + i), credit(chart.sales.id, 10 + i)] });
    })();

    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await getFile(gateway.url(), token, `${base}/Exports/SafT?${RANGE}`));
    posting = false;
    await postings;

    const files = answers.filter((a) => a.status === 200);
    expect(files.length).toBeGreaterThan(0);
    // A file read again three times while the books moved each time answers 409, as a report does.
    for (const refused of answers.filter((a) => a.status !== 200)) expect(JSON.parse(refused.bytes.toString()).errors[0].code).toBe('PostingInProgress');
    for (const file of files) {
      const saft = parsed(file.bytes);
      const lines = (saft.GeneralLedgerEntries.Journal?.[0]?.Transaction ?? []).flatMap((t: Node) => t.Line as Node[]) as Node[];
      const moved = new Map<string, number>();
      for (const l of lines) moved.set(l.AccountID, (moved.get(l.AccountID) ?? 0) + cents(l.DebitAmount?.Amount) - cents(l.CreditAmount?.Amount));
      for (const a of saft.MasterFiles.GeneralLedgerAccounts.Account as Node[]) {
        const opening = cents(a.OpeningDebitBalance) - cents(a.OpeningCreditBalance);
        const closing = cents(a.ClosingDebitBalance) - cents(a.ClosingCreditBalance);
        expect(closing - opening, a.AccountID).toBe(moved.get(a.AccountID) ?? 0);
      }
      expect(cents(saft.GeneralLedgerEntries.TotalDebit)).toBe(lines.reduce((sum, l) => sum + cents(l.DebitAmount?.Amount), 0));
    }
  });

  it('needs journals:read beside reports:read, and names counterparties, cost centers and tax codes only to a caller who may read them', async () => {
    const { api, base, customer } = await safTBooks();
    const reportsOnly = client(gateway.url, `Bearer ${await addApiKey(api, base, ['reports:read'])}`);
    const journalsToo = client(gateway.url, `Bearer ${await addApiKey(api, base, ['reports:read', 'journals:read'])}`);

    const refused = await reportsOnly.get(`${base}/Exports/SafT?${RANGE}`);
    const file = await journalsToo.request('GET', `${base}/Exports/SafT?${RANGE}`);

    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ code: 'Forbidden', reason: expect.stringContaining('journals:read') });
    expect(file.status, file.text).toBe(200);
    expect(safTSchemaErrors(file.text)).toBeNull();
    const saft = parsed(Buffer.from(file.text));
    expect(saft.MasterFiles.Customers.Customer).toEqual([{ Name: customer, CustomerID: customer.replace(/-/g, '') }]);
    expect(saft.MasterFiles.TaxTable).toBeUndefined();
    expect(saft.MasterFiles.AnalysisTypeTable).toBeUndefined();
    const analysis = (saft.GeneralLedgerEntries.Journal[0].Transaction as Node[]).flatMap((t) => t.Line as Node[]).flatMap((l) => (l.Analysis ?? []) as Node[]);
    expect(analysis.map((a) => a.AnalysisID).every((id: string) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
  });

  it('refuses a company keeping amounts to three decimals (409 naming decimalPrecision), a range outside its years or in one starting before 1970, and a bad date', async () => {
    const precise = await companyOwner(gateway.url, { baseCurrency: 'KWD', decimalPrecision: 3 });
    await year2026(precise.api, precise.base);
    const books = await taxedBooks(gateway.url, null);
    expect((await books.api.post(`${books.base}/FinancialYears`, { startDate: '1969-07-01', endDate: '1970-06-30' })).status).toBe(200);

    const threeDecimals = await precise.api.get(`${precise.base}/Exports/SafT?${RANGE}`);
    const noYear = await books.api.get(`${books.base}/Exports/SafT?dateFrom=2030-01-01&dateTo=2030-01-31`);
    const badDate = await books.api.get(`${books.base}/Exports/SafT?dateFrom=2026-02-30&dateTo=2026-03-31`);
    const before1970 = await books.api.get(`${books.base}/Exports/SafT?dateFrom=1970-01-01&dateTo=1970-01-31`);

    expect(threeDecimals.status).toBe(409);
    expect(threeDecimals.body.errors[0]).toMatchObject({ name: 'decimalPrecision', code: 'AmountsTooPrecise' });
    expect(noYear.status).toBe(400);
    expect(noYear.body.errors[0].code).toBe('NoFinancialYear');
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors[0].name).toBe('dateFrom');
    expect(before1970.status).toBe(400);
    expect(before1970.body.errors[0]).toMatchObject({ name: 'dateFrom', code: 'ValidationError', reason: expect.stringContaining('1970 to 2100') });
  });

  it('is held to the schema: a document breaking it fails validation', () => {
    const broken = '<?xml version="1.0" encoding="UTF-8"?>\n<AuditFile xmlns="urn:StandardAuditFile-Taxation-Financial:NO"><Header><AuditFileVersion>1.30</AuditFileVersion></Header></AuditFile>\n';

    expect(safTSchemaErrors(broken)).toMatch(/fails to validate/);
  });
});
