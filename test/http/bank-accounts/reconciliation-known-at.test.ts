import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { imported } from '../../support/imports.ts';
import { instant } from '../../support/instants.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';

/**
 * The reconciliation as known at a moment (docs/decisions.md, Bank reconciliation, "As known
 * at"): the books, the statements and the matches as they stood then, whatever changed after.
 */
const gateway = useGateway();
const IBAN = 'SA0380000000608010167519';
const OPENING = 'OPENING STMT202611/00011/001';

/** November's first statement: the opening balance, a customer's payment in, a fee out. */
const NOVEMBER = [
  ':20:STMT202611', `:25:${IBAN}`, ':28C:00011/001', ':60F:C261101SAR10000,00',
  ':61:2611031103C2500,00NTRFINV-1001//B261103001', ':86:Customer payment INV-1001',
  ':61:2611051105D120,00NCHGNONREF//B261105002', ':86:Account maintenance fee',
  ':62F:C261130SAR12380,00', '-',
].join('\r\n');

/** A further statement continuing it: interest booked on 28 November. */
const LATE_NOVEMBER = [
  ':20:STMT202611B', `:25:${IBAN}`, ':28C:00012/001', ':60F:C261128SAR12380,00',
  ':61:2611281128C300,00NTRFNONREF//B261128001', ':86:Interest',
  ':62F:C261130SAR12680,00', '-',
].join('\r\n');

const statementImport = (bankAccountId: string, data: string) => ({ kind: 'bankStatements', format: 'mt940', mode: 'perItem', bankAccountId, data });

describe('the bank reconciliation as known at a moment', () => {
  it('answers the report as it was read then, after journals posted and voided, a match undone, another made and a statement imported', async () => {
    // Arrange: November's statement matched to the ledger but for a cheque not yet through the bank; marked reconciled at the 10th.
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const bank = chart.bank.id;
    expect((await api.post(`${base}/BankAccounts`, { accountId: bank, iban: IBAN, bankName: 'Saudi National Bank' })).status).toBe(200);
    const opening = await postedJournal(api, base, '2026-11-01', [debit(bank, 10000), credit(chart.retained.id, 10000)]);
    const receipt = await postedJournal(api, base, '2026-11-03', [debit(bank, 2500), credit(chart.sales.id, 2500)]);
    const fee = await postedJournal(api, base, '2026-11-05', [debit(chart.rent.id, 120), credit(bank, 120)]);
    const cheque = await postedJournal(api, base, '2026-11-20', [debit(chart.rent.id, 500), credit(bank, 500)]);
    expect((await imported(api, base, companyId, statementImport(bank, NOVEMBER))).status).toBe('succeeded');
    const match = async (statementLines: string[], ledgerLines: Array<{ journalId: string; line: number }>) => {
      const made = await api.post(`${base}/BankAccounts/${bank}/Matches`, { statementLines, ledgerLines });
      expect(made.status, made.text).toBe(200);
      return made.body;
    };
    await match([OPENING], [{ journalId: opening.id, line: 0 }]);
    const receiptMatch = await match(['B261103001'], [{ journalId: receipt.id, line: 0 }]);
    await match(['B261105002'], [{ journalId: fee.id, line: 1 }]);
    expect((await api.post(`${base}/BankAccounts/${bank}/Reconciliations`, { date: '2026-11-10' })).status).toBe(200);

    const path = (query: string) => `${base}/BankAccounts/${bank}/Reconciliation?date=2026-11-30${query}`;
    const report = async (query = '') => {
      const r = await api.get(path(query));
      expect(r.status, r.text).toBe(200);
      // The identity, now and as known at any moment: statement - ledger = unmatched statement - unmatched ledger.
      const cents = (amount: string) => Math.round(Number(amount) * 100);
      expect(cents(r.body.statementBalance) - cents(r.body.ledgerBalance)).toBe(cents(r.body.unmatchedStatement.total) - cents(r.body.unmatchedLedger.total));
      expect(cents(r.body.difference)).toBe(cents(r.body.statementBalance) - cents(r.body.ledgerBalance));
      return r.body;
    };
    const t = await instant();
    const atT = await report();
    const fileAtT = (await api.get(path('&format=csv'))).text;
    expect(atT).toMatchObject({ knownAt: null, statementBalance: '12380.00', ledgerBalance: '11880.00', unmatchedStatement: { count: 0 }, unmatchedLedger: { count: 1, total: '-500.00' }, brokenMatches: [] });
    expect(atT.reconciledPeriods).toEqual([expect.objectContaining({ date: '2026-11-10', changedSince: false })]);

    // Act: after t, the cheque voided, interest posted, the fee's journal voided (its match broken), the receipt's match undone,
    // a further statement imported and its line matched, and the 25th marked reconciled.
    for (const voided of [cheque, fee]) expect((await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version })).status).toBe(200);
    const interest = await postedJournal(api, base, '2026-11-28', [debit(bank, 300), credit(chart.sales.id, 300)]);
    expect((await api.delete(`${base}/BankAccounts/${bank}/Matches/${receiptMatch.id}`, { version: receiptMatch.version })).status).toBe(200);
    expect((await imported(api, base, companyId, statementImport(bank, LATE_NOVEMBER))).status).toBe('succeeded');
    await match(['B261128001'], [{ journalId: interest.id, line: 0 }]);
    const beforeMark = await instant();
    expect((await api.post(`${base}/BankAccounts/${bank}/Reconciliations`, { date: '2026-11-25' })).status).toBe(200);

    // Assert: now is another reconciliation, so a knownAt ignored would show.
    const now = await report();
    expect(now).toMatchObject({ statementBalance: '12680.00', ledgerBalance: '12800.00', unmatchedStatement: { count: 2, total: '2380.00' }, unmatchedLedger: { count: 1, total: '2500.00' }, brokenMatches: [{ matchId: expect.any(String) }] });
    expect(now.unmatchedStatement.lines.map((l: { bankReference: string }) => l.bankReference)).toEqual(['B261103001', 'B261105002']);
    expect(now.reconciledPeriods.map((p: { date: string; changedSince: boolean }) => [p.date, p.changedSince])).toEqual([['2026-11-25', false], ['2026-11-10', true]]);

    // As known at t: the report read at t, the moment echoed; the file likewise.
    const known = await report(`&knownAt=${encodeURIComponent(t)}`);
    expect(known).toEqual({ ...atT, knownAt: t });
    expect((await api.get(path(`&knownAt=${encodeURIComponent(t)}&format=csv`))).text).toBe(fileAtT);
    // Before the 25th was marked: every other change in, that mark not yet there.
    expect(await report(`&knownAt=${encodeURIComponent(beforeMark)}`)).toEqual({ ...now, knownAt: beforeMark, reconciledPeriods: now.reconciledPeriods.slice(1) });
    // Before the company's first change: nothing.
    expect(await report('&knownAt=2020-01-01T00:00:00Z')).toMatchObject({ knownAt: '2020-01-01T00:00:00.000Z', statementBalance: '0.00', ledgerBalance: '0.00', unmatchedStatement: { count: 0 }, unmatchedLedger: { count: 0 }, reconciledPeriods: [] });
  });

  it('refuses a knownAt that is not a date-time with an offset, naming it', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    await api.post(`${base}/BankAccounts`, { accountId: chart.bank.id, iban: IBAN, bankName: 'Saudi National Bank' });
    const r = await api.get(`${base}/BankAccounts/${chart.bank.id}/Reconciliation?date=2026-11-30&knownAt=yesterday`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ name: 'knownAt', code: 'ValidationError' });
  });
});
