import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { getFile } from '../../support/files.ts';
import { credit, debit } from '../../support/ledger.ts';
import { taxedBooks } from '../../support/tax-books.ts';

/** The FTA audit file: a UAE company's CSV of company information, purchase and supply listings and general ledger, its totals the VAT return's. */
const gateway = useGateway();

type Box = { box: string; amount: string | null; tax: string | null };

/** A journal with a description and reference, created and posted on `day`. */
async function posted(api: Client, base: string, day: string, description: string, reference: string, entries: unknown[]) {
  const created = await api.post(`${base}/Journals`, { date: `${day}T08:00:00Z`, description, reference, entries });
  expect(created.status, created.text).toBe(200);
  const done = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: day, version: created.body.version });
  expect(done.status, done.text).toBe(200);
  return done.body;
}

/** The file's records, each as wide as it was written, split at the sections' start markers. */
function sections(bytes: Buffer): Record<string, string[][]> {
  const records = parse(bytes.toString('utf8'), { relax_column_count: true }) as string[][];
  const found: Record<string, string[][]> = {};
  let current: string[][] = [];
  for (const record of records) {
    if (record.length === 1 && record[0]!.endsWith('Start')) found[record[0]!] = current = [];
    current.push(record);
  }
  return found;
}

describe('the FTA audit file', () => {
  it('lists each taxed line with its counterparty’s TRN under the purchases or the supplies, then every posted line of the general ledger, its totals the VAT return’s', async () => {
    const books = await taxedBooks(gateway.url, 'AE', { standard: true, defaultEmirate: 'DU' });
    const { api, base, chart, token } = books;
    const { version } = (await api.get(`${base}/Settings`)).body;
    const settings = await api.put(`${base}/Settings`, { baseCurrency: 'AED', taxJurisdiction: 'AE', taxRegistrationNumber: '100111222300003', defaultEmirate: 'DU', version });
    expect(settings.status, settings.text).toBe(200);
    const party = async (english: string, country: string, taxRegistrationNumber: string | null) => (await api.post(`${base}/Counterparties`, { name: { english, arabic: english }, country, taxRegistrationNumber })).body.id as string;
    const [customer, exporter, supplier] = [await party('Gulf Traders LLC', 'AE', '100222333400003'), await party('London Buyers Ltd', 'GB', null), await party('Dubai Landlord LLC', 'AE', '100333444500003')];
    const taxed = (side: typeof credit, account: string, amount: string, taxCode: string, counterpartyId: string) => ({ ...side(account, amount), taxCode, counterpartyId });

    await posted(api, base, '2026-03-05', 'Consulting, March', 'INV-1', [debit(chart.cash.id, '1050'), taxed(credit, chart.sales.id, '1000', 'S-STD', customer)]);
    await posted(api, base, '2026-03-12', 'Export and training', 'INV-2', [debit(chart.cash.id, '700'), taxed(credit, chart.sales.id, '500', 'S-ZR', exporter), taxed(credit, chart.sales.id, '200', 'S-EXM', exporter)]);
    await posted(api, base, '2026-03-20', 'Credit note for INV-1', 'CN-1', [taxed(debit, chart.sales.id, '100', 'S-STD', customer), credit(chart.cash.id, '105')]);
    await posted(api, base, '2026-03-25', 'Office rent', 'BILL-77', [taxed(debit, chart.rent.id, '400', 'P-STD', supplier), credit(chart.bank.id, '420')]);
    // Outside the range: in neither listing nor the ledger.
    await posted(api, base, '2026-04-02', 'April sale', 'INV-3', [debit(chart.cash.id, '105'), taxed(credit, chart.sales.id, '100', 'S-STD', customer)]);
    const range = 'dateFrom=2026-03-01&dateTo=2026-03-31';

    const file = await getFile(gateway.url(), token, `${base}/Reports/FtaAuditFile?${range}`);
    const vat = (await api.get(`${base}/Reports/VatReturn?${range}`)).body;
    const notCsv = await getFile(gateway.url(), token, `${base}/Reports/FtaAuditFile?${range}`, { accept: 'application/json' });

    expect(file.status, file.bytes.toString()).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="fta-audit-file_2026-03-01_2026-03-31.csv"');
    expect(notCsv.status).toBe(406);
    const faf = sections(file.bytes);
    expect(Object.keys(faf)).toEqual(['CompInfoStart', 'PurcDataStart', 'SuppDataStart', 'GLDataStart']);

    const [, companyColumns, company, companyEnd] = faf.CompInfoStart!;
    expect(companyColumns).toEqual(['TaxablePersonNameEn', 'TaxablePersonNameAr', 'TRN', 'TaxAgencyName', 'TAN', 'TaxAgentName', 'TAAN', 'PeriodStart', 'PeriodEnd', 'FAFCreationDate', 'ProductVersion', 'FAFVersion']);
    expect(company).toMatchObject(['Test Co', '', '100111222300003', '', '', '', '', '01-03-2026', '31-03-2026', expect.stringMatching(/^\d\d-\d\d-\d{4}$/), 'Ledger API v1', 'FAFv1.0.0']);
    expect(companyEnd).toEqual(['CompInfoEnd']);

    const box = (id: string) => (vat.boxes as Box[]).find((b) => b.box === id)!;
    const [, purchaseColumns, ...purchaseRest] = faf.PurcDataStart!;
    expect(purchaseColumns).toEqual(['SupplierName', 'SupplierTRN', 'InvoiceDate', 'InvoiceNo', 'PermitNo', 'TransactionID', 'LineNo', 'ProductDescription', 'PurchaseValueAED', 'VATValueAED', 'TaxCode', 'FCYCode', 'PurchaseFCY', 'VATFCY']);
    expect(purchaseRest.slice(0, -2)).toEqual([['Dubai Landlord LLC', '100333444500003', '25-03-2026', 'BILL-77', '', expect.any(String), '1', 'Office rent', '400.00', '20.00', 'P-STD', 'XXX', '0.00', '0.00']]);
    expect(purchaseRest.slice(-2)).toEqual([
      ['PurcDataEnd', 'PurchaseTotalAED', 'VATTotalAED', 'TransactionCountTotal'],
      ['PurcDataEnd', box('11').amount, box('11').tax, '1'],
    ]);
    expect(box('13').tax).toBe('20.00');

    const [, supplyColumns, ...supplyRest] = faf.SuppDataStart!;
    expect(supplyColumns).toEqual(['CustomerName', 'CustomerTRN', 'InvoiceDate', 'InvoiceNo', 'TransactionID', 'LineNo', 'ProductDescription', 'SupplyValueAED', 'VATValueAED', 'TaxCode', 'Country', 'FCYCode', 'SupplyFCY', 'VATFCY']);
    const supplies = supplyRest.slice(0, -2);
    // One row per taxed line, signed as the return counts it: the credit note takes off.
    expect(supplies.map((r) => [r[0], r[1], r[3], r[5], r[7], r[8], r[9], r[10]])).toEqual([
      ['Gulf Traders LLC', '100222333400003', 'INV-1', '2', '1000.00', '50.00', 'S-STD', 'AE'],
      ['London Buyers Ltd', '', 'INV-2', '2', '500.00', '0.00', 'S-ZR', 'GB'],
      ['London Buyers Ltd', '', 'INV-2', '3', '200.00', '0.00', 'S-EXM', 'GB'],
      ['Gulf Traders LLC', '100222333400003', 'CN-1', '1', '-100.00', '-5.00', 'S-STD', 'AE'],
    ]);
    expect(supplyRest.slice(-2)).toEqual([
      ['SuppDataEnd', 'SupplyTotalAED', 'VATTotalAED', 'TransactionCountTotal'],
      ['SuppDataEnd', box('8').amount, box('8').tax, '4'],
    ]);
    expect([box('8').amount, box('12').tax]).toEqual(['1600.00', '45.00']);

    const [, ledgerColumns, ...ledgerRest] = faf.GLDataStart!;
    expect(ledgerColumns).toEqual(['TransactionDate', 'AccountID', 'AccountName', 'TransactionDescription', 'Name', 'TransactionID', 'SourceDocumentID', 'SourceType', 'Debit', 'Credit', 'Balance']);
    const ledger = ledgerRest.slice(0, -2);
    const [names, totals] = ledgerRest.slice(-2);
    expect(names).toEqual(['GLDataEnd', 'TotalDebit', 'TotalCredit', 'TransactionCountTotal', 'GLTCurrency']);
    const sum = (column: number) => ledger.reduce((s, r) => s + Math.round(Number(r[column]) * 100), 0) / 100;
    expect(totals).toEqual(['GLDataEnd', sum(8).toFixed(2), sum(9).toFixed(2), String(ledger.length), 'AED']);
    expect(totals![1]).toBe(totals![2]);
    expect(ledger.every((r) => r[0]!.endsWith('-03-2026'))).toBe(true);
    // Each account's balance runs on from its lines: cash took 1050 + 700 - 105.
    const cash = ledger.filter((r) => r[2] === 'Cash');
    expect(cash.map((r) => r[10])).toEqual(['1050.00', '1750.00', '1645.00']);
    expect(ledger.find((r) => r[2] === 'Output VAT' && r[3] === 'Consulting, March')).toMatchObject(['05-03-2026', expect.stringMatching(/2201$/), 'Output VAT', 'Consulting, March', '', expect.any(String), 'INV-1', 'Journal', '0.00', '50.00', '-50.00']);
  });

  it('refuses a company not registered in the UAE: 409 naming taxJurisdiction', async () => {
    const saudi = await taxedBooks(gateway.url, 'SA', { standard: true });

    const refused = await saudi.api.get(`${saudi.base}/Reports/FtaAuditFile?dateFrom=2026-03-01&dateTo=2026-03-31`);

    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ name: 'taxJurisdiction', code: 'NoTaxJurisdiction' });
  });
});
