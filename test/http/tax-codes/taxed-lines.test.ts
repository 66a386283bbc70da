import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { credit, debit } from '../../support/ledger.ts';
import { taxedBooks } from '../../support/tax-books.ts';

/** Journal lines naming a tax code: the tax computed, posted on the code's accounts, carried by posting and reversing. */
const gateway = useGateway();

type Entry = { accountId: string; side: number; amount: number; baseAmount: number; currency: string | null; taxOf: number | null; tax: null | Record<string, unknown> };

describe('taxed lines', () => {
  it('adds the tax line of a sale at the rate of the journal’s date, without and with the tax in the amount, and posts it', async () => {
    const books = await taxedBooks(gateway.url, 'SA', { standard: true });
    const { api, base, chart, outputVat } = books;

    const exclusive = await api.post(`${base}/Journals`, { date: '2026-03-10T09:00:00Z', entries: [debit(chart.cash.id, 1150), { ...credit(chart.sales.id, 1000), taxCode: 'S-STD' }] });
    // Before 2020-07-01 the Saudi rate was 5%: 1150 with its tax is 1095.24 and 54.76.
    const inclusive = await api.post(`${base}/Journals`, { date: '2020-06-30T09:00:00Z', amountsIncludeTax: true, entries: [debit(chart.cash.id, 1150), { ...credit(chart.sales.id, 1150), taxCode: 'S-STD' }] });

    expect(exclusive.status, exclusive.text).toBe(200);
    const lines = exclusive.body.entries as Entry[];
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatchObject({ accountId: chart.sales.id, amount: 1000, taxOf: null, tax: { taxCode: 'S-STD', kind: 'standard', direction: 'supplies', percent: '15', taxAmount: 150, taxAmountSent: false, baseBoxes: ['1'], taxBoxes: ['1'], taxLines: [2] } });
    expect(lines[2]).toMatchObject({ accountId: outputVat.id, side: 2, amount: 150, baseAmount: 150, taxOf: 1, tax: null });
    expect(exclusive.body.totals).toEqual({ debit: 1150, credit: 1150 });
    expect(exclusive.body.amountsIncludeTax).toBe(false);
    expect(inclusive.status, inclusive.text).toBe(200);
    expect(inclusive.body.amountsIncludeTax).toBe(true);
    // Read back, the journal says so too (the field is one the journals' store reads).
    expect((await api.get(`${base}/Journals/${inclusive.body.id}`)).body.amountsIncludeTax).toBe(true);
    expect((inclusive.body.entries as Entry[]).map((l) => [l.accountId, l.amount])).toEqual([[chart.cash.id, 1150], [chart.sales.id, 1095.24], [outputVat.id, 54.76]]);

    const posted = await api.post(`${base}/Journals/${exclusive.body.id}/Post`, { postingDate: '2026-03-10', version: 1 });
    expect(posted.status, posted.text).toBe(200);
    const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    expect(JSON.stringify(trial)).toContain(outputVat.id);
    expect((await api.get(`${base}/Journals/${exclusive.body.id}`)).body.entries).toEqual(posted.body.entries);
  });

  it('posts a reverse charge on both VAT accounts, takes the client’s tax within one minor unit, and reverses the tax with the rest', async () => {
    const books = await taxedBooks(gateway.url, 'SA', { standard: true });
    const { api, base, chart, outputVat, inputVat } = books;

    const reverseCharge = await api.post(`${base}/Journals`, { date: '2026-03-10T09:00:00Z', entries: [{ ...debit(chart.rent.id, 1000), taxCode: 'P-RC' }, credit(chart.bank.id, 1000)] });
    const roundedOtherwise = await api.post(`${base}/Journals`, { date: '2026-03-10T09:00:00Z', entries: [{ ...debit(chart.rent.id, '333.33'), taxCode: 'P-STD', taxAmount: '50.01' }, credit(chart.bank.id, '383.34')] });
    const tooFar = await api.post(`${base}/Journals`, { date: '2026-03-10T09:00:00Z', entries: [{ ...debit(chart.rent.id, '333.33'), taxCode: 'P-STD', taxAmount: '50.02' }, credit(chart.bank.id, '383.35')] });

    expect(reverseCharge.status, reverseCharge.text).toBe(200);
    expect((reverseCharge.body.entries as Entry[]).map((l) => [l.accountId, l.side, l.amount, l.taxOf])).toEqual([
      [chart.rent.id, 1, 1000, null],
      [chart.bank.id, 2, 1000, null],
      [inputVat.id, 1, 150, 0],
      [outputVat.id, 2, 150, 0],
    ]);
    expect(reverseCharge.body.entries[0].tax).toMatchObject({ kind: 'reverseCharge', taxAmount: 150, taxLines: [2, 3] });
    // 15% of 333.33 is 49.9995, 50.00 to the cent; the invoice's 50.01 is one cent off and kept as sent.
    expect(roundedOtherwise.status, roundedOtherwise.text).toBe(200);
    expect(roundedOtherwise.body.entries[0].tax).toMatchObject({ taxAmount: 50.01, taxAmountSent: true });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.errors[0]).toMatchObject({ name: 'entries[0].taxAmount', code: 'TaxAmountOff' });

    const posted = await api.post(`${base}/Journals/${reverseCharge.body.id}/Post`, { postingDate: '2026-03-10', version: 1 });
    const reversed = await api.post(`${base}/Journals/${reverseCharge.body.id}/Reverse`, { postingDate: '2026-03-11', version: posted.body.version });
    expect(reversed.status, reversed.text).toBe(200);
    const reversal = reversed.body;
    expect(reversal.reversalOf).toBe(reverseCharge.body.id);
    expect((reversal.entries as Entry[]).map((l) => [l.accountId, l.side, l.amount, l.taxOf])).toEqual([
      [chart.rent.id, 2, 1000, null],
      [chart.bank.id, 1, 1000, null],
      [inputVat.id, 2, 150, 0],
      [outputVat.id, 1, 150, 0],
    ]);
    expect(reversal.entries[0].tax).toEqual(posted.body.entries[0].tax);
  });

  it('taxes a foreign-currency line in its currency and in base', async () => {
    const books = await taxedBooks(gateway.url, 'SA', { standard: true });
    const { api, base, chart, outputVat } = books;

    const sale = await api.post(`${base}/Journals`, { date: '2026-03-10T09:00:00Z', entries: [{ ...debit(chart.cash.id, '115.00'), currency: 'USD', exchangeRate: '3.75' }, { ...credit(chart.sales.id, '100.00'), currency: 'USD', exchangeRate: '3.75', taxCode: 'S-STD' }] });

    expect(sale.status, sale.text).toBe(200);
    expect((sale.body.entries as Entry[]).map((l) => [l.accountId, l.currency, l.amount, l.baseAmount])).toEqual([
      [chart.cash.id, 'USD', 115, 431.25],
      [chart.sales.id, 'USD', 100, 375],
      [outputVat.id, 'USD', 15, 56.25],
    ]);
  });

  it('refuses an unknown, inactive or rateless code, a tax amount or Emirate without a code, an Emirate outside the UAE, naming the line', async () => {
    const books = await taxedBooks(gateway.url, 'SA', { standard: true });
    const { api, base, chart, codes } = books;
    const exempt = codes['S-EXM']!;
    const off = await api.put(`${base}/TaxCodes/${exempt.id}`, { ...exempt, id: undefined, code: undefined, kind: undefined, direction: undefined, createdAt: undefined, updatedAt: undefined, active: false });
    expect(off.status, off.text).toBe(200);
    const refusal = async (line: Record<string, unknown>, date = '2026-03-10') => {
      const r = await api.post(`${base}/Journals`, { date: `${date}T09:00:00Z`, entries: [debit(chart.cash.id, 100), { ...credit(chart.sales.id, 100), ...line }] });
      expect(r.status, r.text).toBe(400);
      return [r.body.errors[0].name, r.body.errors[0].code];
    };

    expect(await refusal({ taxCode: 'NOPE' })).toEqual(['entries[1].taxCode', 'UnknownTaxCode']);
    expect(await refusal({ taxCode: 'S-EXM' })).toEqual(['entries[1].taxCode', 'InactiveTaxCode']);
    expect(await refusal({ taxCode: 'S-STD' }, '2017-12-31')).toEqual(['entries[1].taxCode', 'NoTaxRate']);
    expect((await refusal({ taxAmount: '1' }))[0]).toBe('entries[1].taxAmount');
    expect((await refusal({ taxCode: 'S-ZR', taxAmount: '0.01' }))).toEqual(['entries[1].taxAmount', 'TaxAmountOff']);
    expect((await refusal({ taxCode: 'S-STD', emirate: 'DU' }))[0]).toBe('entries[1].emirate');
    expect((await refusal({ taxCode: 's-std' }))[0]).toBe('entries[1].taxCode');
    expect((await api.get(`${base}/Journals`)).body.results).toEqual([]);
  });

  it('puts a UAE supply in the box of its Emirate: the line’s, else the company’s default, else refused', async () => {
    const dubai = await taxedBooks(gateway.url, 'AE', { standard: true, defaultEmirate: 'DU' });
    const none = await taxedBooks(gateway.url, 'AE', { standard: true });
    const sale = (books: typeof dubai, line: Record<string, unknown>) =>
      books.api.post(`${books.base}/Journals`, { date: '2026-03-10T09:00:00Z', entries: [debit(books.chart.cash.id, 105), { ...credit(books.chart.sales.id, 100), taxCode: 'S-STD', ...line }] });

    const byDefault = await sale(dubai, {});
    const named = await sale(dubai, { emirate: 'SH' });
    const missing = await sale(none, {});

    expect(byDefault.body.entries[1].tax).toMatchObject({ emirate: 'DU', baseBoxes: ['1b'], taxAmount: 5 });
    expect(named.body.entries[1].tax).toMatchObject({ emirate: 'SH', baseBoxes: ['1c'] });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].name).toBe('entries[1].emirate');
  });
});
