import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { csvRows, getFile, sheetValues, xlsxSheet } from '../../support/files.ts';
import { credit, debit, postedJournal } from '../../support/ledger.ts';
import { taxedBooks } from '../../support/tax-books.ts';

/** The VAT return: its boxes summed from the postings' tax figures, in the jurisdiction's layout, as JSON, CSV and XLSX. */
const gateway = useGateway();

type Box = { box: string; amount: string | null; tax: string | null };

describe('the VAT return', () => {
  it('sums each box of a Saudi return from what was posted in the range, voids and credit notes taken off, and its net due is the VAT accounts’ movement', async () => {
    const books = await taxedBooks(gateway.url, 'SA', { standard: true });
    const { api, base, chart, outputVat, inputVat } = books;
    const taxed = (side: typeof credit, account: string, amount: string, taxCode: string) => ({ ...side(account, amount), taxCode });
    const day = '2026-03-10';

    await postedJournal(api, base, day, [debit(chart.cash.id, '1150'), taxed(credit, chart.sales.id, '1000', 'S-STD')]);
    await postedJournal(api, base, day, [debit(chart.cash.id, '800'), taxed(credit, chart.sales.id, '500', 'S-ZR'), taxed(credit, chart.sales.id, '200', 'S-EXP'), taxed(credit, chart.sales.id, '100', 'S-EXM')]);
    // A credit note: the sale's own code on the other side takes off.
    await postedJournal(api, base, day, [taxed(debit, chart.sales.id, '100', 'S-STD'), credit(chart.cash.id, '115')]);
    await postedJournal(api, base, day, [taxed(debit, chart.rent.id, '400', 'P-STD'), credit(chart.bank.id, '460')]);
    await postedJournal(api, base, day, [taxed(debit, chart.rent.id, '1000', 'P-RC'), credit(chart.bank.id, '1000')]);
    const voided = await postedJournal(api, base, day, [debit(chart.cash.id, '345'), taxed(credit, chart.sales.id, '300', 'S-STD')]);
    expect((await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version })).status).toBe(200);
    // Outside the range, and a draft: neither counts.
    await postedJournal(api, base, '2026-04-02', [debit(chart.cash.id, '115'), taxed(credit, chart.sales.id, '100', 'S-STD')]);
    await api.post(`${base}/Journals`, { date: `${day}T09:00:00Z`, entries: [debit(chart.cash.id, '115'), taxed(credit, chart.sales.id, '100', 'S-STD')] });

    const vat = await api.get(`${base}/Reports/VatReturn?dateFrom=2026-03-01&dateTo=2026-03-31`);

    expect(vat.status, vat.text).toBe(200);
    const box = (id: string) => (vat.body.boxes as Box[]).find((b) => b.box === id);
    expect(vat.body).toMatchObject({ jurisdiction: 'SA', currency: 'SAR', dateFrom: '2026-03-01', dateTo: '2026-03-31' });
    expect((vat.body.boxes as Box[]).map((b) => b.box)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16']);
    expect(box('1')).toMatchObject({ amount: '900.00', tax: '135.00' });
    expect(box('2')).toMatchObject({ amount: '0.00', tax: null });
    expect(box('3')).toMatchObject({ amount: '500.00' });
    expect(box('4')).toMatchObject({ amount: '200.00' });
    expect(box('5')).toMatchObject({ amount: '100.00' });
    expect(box('6')).toMatchObject({ amount: '1700.00', tax: '135.00' });
    expect(box('7')).toMatchObject({ amount: '400.00', tax: '60.00' });
    expect(box('9')).toMatchObject({ amount: '1000.00', tax: '0.00' });
    expect(box('12')).toMatchObject({ amount: '1400.00', tax: '60.00' });
    expect(box('13')).toMatchObject({ amount: null, tax: '75.00' });
    expect(vat.body.netDue).toBe('75.00');

    // The net due is what the VAT accounts moved by: output VAT credited less input VAT debited.
    const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-03-01&dateTo=2026-03-31`)).body;
    const movement = (id: string) => trial.rows.find((r: { accountId: string }) => r.accountId === id).movement;
    const net = Number(movement(outputVat.id).credit) - Number(movement(outputVat.id).debit) - (Number(movement(inputVat.id).debit) - Number(movement(inputVat.id).credit));
    expect(net.toFixed(2)).toBe(vat.body.netDue);
  });

  it('exports as CSV and XLSX, box by box with the net due, and refuses a company without a jurisdiction', async () => {
    const books = await taxedBooks(gateway.url, 'AE', { standard: true, defaultEmirate: 'DU' });
    const unregistered = await taxedBooks(gateway.url, null);
    const { api, base, chart, token } = books;
    await postedJournal(api, base, '2026-03-10', [debit(chart.cash.id, '105'), { ...credit(chart.sales.id, '100'), taxCode: 'S-STD' }]);
    const path = `${base}/Reports/VatReturn?dateFrom=2026-03-01&dateTo=2026-03-31`;

    const json = (await api.get(path)).body;
    const csv = await getFile(gateway.url(), token, `${path}&format=csv`);
    const xlsx = await getFile(gateway.url(), token, `${path}&format=xlsx&language=ar`);
    const refused = await unregistered.api.get(`${unregistered.base}/Reports/VatReturn?dateFrom=2026-03-01&dateTo=2026-03-31`);

    expect(json.boxes.find((b: Box) => b.box === '1b')).toMatchObject({ amount: '100.00', tax: '5.00' });
    expect(json.netDue).toBe('5.00');
    expect(csv.status).toBe(200);
    const [header, ...rows] = csvRows(csv.bytes);
    expect(header).toEqual(['Box', 'Box name', 'Amount (excluding VAT)', 'VAT amount']);
    expect(rows.map((r) => r[0])).toEqual([...json.boxes.map((b: Box) => b.box), '']);
    expect(rows.at(-1)).toEqual(['', 'Net VAT due', '', '5.00']);
    expect(xlsx.status).toBe(200);
    const values = sheetValues(await xlsxSheet(xlsx.bytes));
    expect(values.at(-1)).toEqual([null, 'صافي الضريبة المستحقة', null, 5]);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ name: 'taxJurisdiction', code: 'NoTaxJurisdiction' });
  });
});
