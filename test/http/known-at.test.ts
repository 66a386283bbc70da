import { describe, expect, it } from 'vitest';
import { useGateway } from '../support/api.ts';
import { companyBooks, credit, debit, postedJournal } from '../support/ledger.ts';

/**
 * Reports as known at a moment (docs/decisions.md, Audit, "As known at"): the books as they
 * stood at an instant, counting only changes committed at or before it.
 */
const gateway = useGateway();
const pause = () => new Promise((resolve) => setTimeout(resolve, 3));
/** An instant between two requests: every change answered before it counts, none sent after it does. */
async function instant() {
  await pause();
  const at = new Date().toISOString();
  await pause();
  return at;
}
const rowsOf = (body: any) => Object.fromEntries(body.rows.map((r: any) => [r.code, [r.closing.debit, r.closing.credit]]));

describe('knownAt', () => {
  it('leaves out a backdated posting made later, keeps a journal voided later, and leaves out a reversal made later', async () => {
    // Arrange
    const { api, base, chart } = await companyBooks(gateway.url);
    const beforePostings = await instant();
    const first = await postedJournal(api, base, '2026-01-10', [debit(chart.cash.id, 100), credit(chart.sales.id, 100)]);
    const second = await postedJournal(api, base, '2026-02-10', [debit(chart.rent.id, 40), credit(chart.cash.id, 40)]);
    const t1 = await instant();
    const report = (at?: string) => api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31${at ? `&knownAt=${encodeURIComponent(at)}` : ''}`);
    const atT1 = await report();

    // Act: a backdated posting, a void and a reversal, all after t1.
    await postedJournal(api, base, '2026-01-05', [debit(chart.bank.id, 7), credit(chart.sales.id, 7)]);
    expect((await api.post(`${base}/Journals/${first.id}/Void`, { version: first.version })).status).toBe(200);
    expect((await api.post(`${base}/Journals/${second.id}/Reverse`, { version: second.version, postingDate: '2026-03-01' })).status).toBe(200);

    // Assert
    const known = await report(t1);
    expect(known.status, known.text).toBe(200);
    expect(known.body).toEqual(atT1.body);
    expect(rowsOf(known.body)).toEqual({ '1': ['60.00', '0.00'], '1101': ['60.00', '0.00'], '4': ['0.00', '100.00'], '4101': ['0.00', '100.00'], '5': ['40.00', '0.00'], '5101': ['40.00', '0.00'] });
    const empty = await report('2020-01-01T00:00:00Z');
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.rows).toEqual([]);
    expect((await report(beforePostings)).body.rows).toEqual([]);
    const future = await report('2999-01-01T00:00:00+03:00');
    expect(future.body).toEqual((await report()).body);
  });

  it('refuses a value that is not an ISO 8601 date-time, naming knownAt', async () => {
    const { api, base } = await companyBooks(gateway.url);
    const r = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31&knownAt=yesterday`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ name: 'knownAt', code: 'ValidationError' });
  });
});
