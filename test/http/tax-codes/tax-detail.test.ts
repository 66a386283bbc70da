import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { credit, debit, postedJournal } from '../../support/ledger.ts';
import { taxedBooks } from '../../support/tax-books.ts';

/** The tax detail's amounts, each at its currency's precision, a line without tax included. */
const gateway = useGateway();

describe('the tax detail', () => {
  it('writes a zero-rated line’s tax in the company’s currency at its precision, as its other amounts, on a sale and a credit note', async () => {
    const { api, base, chart } = await taxedBooks(gateway.url, 'SA', { standard: true });
    await postedJournal(api, base, '2026-03-10', [debit(chart.cash.id, 1150), { ...credit(chart.sales.id, 1000), taxCode: 'S-STD' }]);
    await postedJournal(api, base, '2026-03-11', [debit(chart.cash.id, 500), { ...credit(chart.sales.id, 500), taxCode: 'S-ZR' }]);
    await postedJournal(api, base, '2026-03-12', [{ ...debit(chart.sales.id, 200), taxCode: 'S-ZR' }, credit(chart.cash.id, 200)]);

    const detail = await api.get(`${base}/Reports/TaxDetail?dateFrom=2026-03-01&dateTo=2026-03-31`);

    expect(detail.status, detail.text).toBe(200);
    const amounts = (detail.body.results as Array<Record<string, string>>).map((r) => [r.taxCode, r.amount, r.taxAmount, r.baseAmount, r.baseTaxAmount]);
    expect(amounts).toEqual([
      ['S-STD', '1000.00', '150.00', '1000.00', '150.00'],
      ['S-ZR', '500.00', '0.00', '500.00', '0.00'],
      ['S-ZR', '-200.00', '0.00', '-200.00', '0.00'],
    ]);
  });
});
