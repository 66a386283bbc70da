import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { credit, debit, postedJournal } from '../../support/ledger.ts';
import { taxedBooks } from '../../support/tax-books.ts';

/** Filing VAT returns: frozen figures, no overlap, later changes into a filed range as the next return's corrections. */
const gateway = useGateway();

type Box = { box: string; amount: string | null; tax: string | null };
const boxOf = (answer: { boxes: Box[] }, id: string) => answer.boxes.find((b) => b.box === id);

describe('filing VAT returns', () => {
  it('freezes a filed return, which the return as known at its filing reproduces; journals posted, voided and reversed into its range later show in the next return’s corrections, reported once', async () => {
    const books = await taxedBooks(gateway.url, 'SA', { standard: true });
    const { api, base, chart } = books;
    const sale = (amount: string) => [debit(chart.cash.id, (Number(amount) * 1.15).toFixed(2)), { ...credit(chart.sales.id, amount), taxCode: 'S-STD' }];
    const early = await postedJournal(api, base, '2026-03-05', sale('1000'));

    const march = await api.post(`${base}/VatReturns`, { dateFrom: '2026-03-01', dateTo: '2026-03-31' });
    const overlapping = await api.post(`${base}/VatReturns`, { dateFrom: '2026-03-15', dateTo: '2026-04-15' });

    expect(march.status, march.text).toBe(200);
    expect(march.body).toMatchObject({ dateFrom: '2026-03-01', dateTo: '2026-03-31', knownAt: null, jurisdiction: 'SA', netDue: '150.00', corrections: [], version: 1 });
    expect(boxOf(march.body, '1')).toMatchObject({ amount: '1000.00', tax: '150.00' });
    expect(march.body.auditHead.sequence).toBeGreaterThan(0);
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.errors[0]).toMatchObject({ name: 'dateFrom', code: 'FiledRangeOverlap' });

    // Into the filed March, after filing: a sale posted, the early sale voided, a purchase reversed in April.
    await postedJournal(api, base, '2026-03-20', sale('200'));
    expect((await api.post(`${base}/Journals/${early.id}/Void`, { version: early.version })).status).toBe(200);
    const purchase = await postedJournal(api, base, '2026-03-25', [{ ...debit(chart.rent.id, '100'), taxCode: 'P-STD' }, credit(chart.bank.id, '115')]);
    expect((await api.post(`${base}/Journals/${purchase.id}/Reverse`, { postingDate: '2026-04-02', version: purchase.version })).status).toBe(200);

    const filedMarch = await api.get(`${base}/VatReturns/${march.body.id}`);
    const aprilPreview = await api.get(`${base}/Reports/VatReturn?dateFrom=2026-04-01&dateTo=2026-04-30`);
    const april = await api.post(`${base}/VatReturns`, { dateFrom: '2026-04-01', dateTo: '2026-04-30' });
    const may = await api.get(`${base}/Reports/VatReturn?dateFrom=2026-05-01&dateTo=2026-05-31`);

    // The filed return is as filed, and the return as known at its filing is the same.
    expect(filedMarch.body).toEqual(march.body);
    const asFiled = await api.get(`${base}/Reports/VatReturn?dateFrom=2026-03-01&dateTo=2026-03-31&knownAt=${encodeURIComponent(march.body.filedAt)}`);
    expect(asFiled.status, asFiled.text).toBe(200);
    const figuresOf = (answer: { boxes: Box[]; netDue: string; corrections: unknown[] }) => ({ boxes: answer.boxes, netDue: answer.netDue, corrections: answer.corrections });
    expect(figuresOf(asFiled.body)).toEqual(figuresOf(march.body));
    // Now, the same range holds what was posted into it since.
    expect(boxOf((await api.get(`${base}/Reports/VatReturn?dateFrom=2026-03-01&dateTo=2026-03-31`)).body, '1')).toMatchObject({ amount: '200.00', tax: '30.00' });
    // March now holds 200 of sales (150 less 120 of VAT) and 100 of purchases (15 of VAT): -135 to correct.
    expect(aprilPreview.body.corrections).toEqual([{ returnId: march.body.id, dateFrom: '2026-03-01', dateTo: '2026-03-31', boxes: [{ box: '1', amount: '-800.00', tax: '-120.00' }, { box: '7', amount: '100.00', tax: '15.00' }], netTax: '-135.00', journals: null }]);
    expect(boxOf(aprilPreview.body, '14')).toMatchObject({ tax: '-135.00' });
    // April's own: the reversal of the purchase takes 15 of recoverable VAT off.
    expect(boxOf(aprilPreview.body, '7')).toMatchObject({ amount: '-100.00', tax: '-15.00' });
    expect(aprilPreview.body.netDue).toBe('-120.00');
    expect(april.status, april.text).toBe(200);
    const asPreviewed = (answer: { corrections: Array<Record<string, unknown>> }) => ({ ...answer, id: undefined, refundRequested: undefined, filedAt: undefined, filedBy: undefined, auditHead: undefined, version: undefined, corrections: answer.corrections.map((c) => ({ ...c, journals: undefined })) });
    expect(asPreviewed(april.body)).toEqual(asPreviewed(aprilPreview.body));
    // The filing lists exactly the journals behind March's corrections, oldest first: the April reversal is April's own.
    const sale200 = (await api.get(`${base}/Journals?pageSize=100&orderAsc=true`)).body.results.find((j: { totals: { debit: number } }) => j.totals.debit === 230);
    expect(aprilPreview.body.corrections[0].journals).toBeNull();
    expect(april.body.corrections[0].journals.map((j: { journalId: string; change: string; postingDate: string; boxes: unknown }) => [j.journalId, j.change, j.postingDate, j.boxes])).toEqual([
      [sale200.id, 'JournalPosted', '2026-03-20', [{ box: '1', amount: '200.00', tax: '30.00' }]],
      [early.id, 'JournalVoided', '2026-03-05', [{ box: '1', amount: '-1000.00', tax: '-150.00' }]],
      [purchase.id, 'JournalPosted', '2026-03-25', [{ box: '7', amount: '100.00', tax: '15.00' }]],
    ]);
    // Restatements since March was filed list the same journals against it; before it was filed, its range was not issued.
    const restated = await api.get(`${base}/Reports/Restatements?since=${encodeURIComponent(march.body.filedAt)}`);
    expect(restated.status, restated.text).toBe(200);
    expect(restated.body.results.map((r: { journalId: string; type: string; periodStatus: string; vatReturnId: string | null }) => [r.journalId, r.type, r.periodStatus, r.vatReturnId])).toEqual([
      [sale200.id, 'JournalPosted', 'open', march.body.id],
      [early.id, 'JournalVoided', 'open', march.body.id],
      [purchase.id, 'JournalPosted', 'open', march.body.id],
    ]);
    const beforeFiling = new Date(Date.parse(march.body.filedAt) - 1).toISOString();
    expect((await api.get(`${base}/Reports/Restatements?since=${encodeURIComponent(beforeFiling)}`)).body.results).toEqual([]);
    // Reported once: May has nothing to correct.
    expect(may.body.corrections).toEqual([]);
    expect((await api.get(`${base}/VatReturns`)).body.results.map((r: { id: string }) => r.id)).toEqual([march.body.id, april.body.id]);

    // April left a credit of 120.00: May carries it forward in box 15, unless a refund of it was asked.
    expect(march.body).toMatchObject({ refundRequested: false, creditCarriedForward: null });
    expect(may.body.creditCarriedForward).toEqual({ returnId: april.body.id, dateFrom: '2026-04-01', dateTo: '2026-04-30', tax: '120.00' });
    expect(boxOf(may.body, '15')).toMatchObject({ tax: '120.00' });
    expect(may.body.netDue).toBe('-120.00');
    // Filed, May's credit (April's carried on) is to be refunded: June carries none; June owes nothing, so it has no credit to refund.
    const mayFiled = await api.post(`${base}/VatReturns`, { dateFrom: '2026-05-01', dateTo: '2026-05-31', refundRequested: true });
    expect(mayFiled.status, mayFiled.text).toBe(200);
    expect(mayFiled.body).toMatchObject({ refundRequested: true, netDue: '-120.00', creditCarriedForward: { returnId: april.body.id, tax: '120.00' } });
    const june = await api.get(`${base}/Reports/VatReturn?dateFrom=2026-06-01&dateTo=2026-06-30`);
    expect(june.body).toMatchObject({ creditCarriedForward: null, netDue: '0.00' });
    expect(boxOf(june.body, '15')).toMatchObject({ tax: '0.00' });
    const noCredit = await api.post(`${base}/VatReturns`, { dateFrom: '2026-06-01', dateTo: '2026-06-30', refundRequested: true });
    expect(noCredit.status).toBe(400);
    expect(noCredit.body.errors[0]).toMatchObject({ name: 'refundRequested', code: 'NoCreditToRefund' });
    expect((await api.get(`${base}/VatReturns`)).body.results).toHaveLength(3);
  });
});
