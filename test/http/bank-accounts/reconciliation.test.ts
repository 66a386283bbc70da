import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { allErrors, imported } from '../../support/imports.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';

/** Statements in, matched to the ledger, a reconciliation that always adds up. */
const gateway = useGateway();
const IBAN = 'SA0380000000608010167519';
/** The first statement's opening balance, as a line: MT940's statement id is its :20: and :28C:. */
const OPENING = 'OPENING STMT202611/00011/001';

/** An MT940 statement of November 2026 as a Saudi bank sends it: a customer's payment in, a fee out. */
const NOVEMBER = [
  ':20:STMT202611',
  `:25:${IBAN}`,
  ':28C:00011/001',
  ':60F:C261101SAR10000,00',
  ':61:2611031103C2500,00NTRFINV-1001//B261103001',
  ':86:Customer payment INV-1001',
  ':61:2611051105D120,00NCHGNONREF//B261105002',
  ':86:Account maintenance fee',
  ':62F:C261130SAR12380,00',
  '-',
].join('\r\n');

async function arranged() {
  const books = await companyBooks(gateway.url);
  const { api, base, chart } = books;
  expect((await api.post(`${base}/BankAccounts`, { accountId: chart.bank.id, iban: IBAN, bankName: 'Saudi National Bank' })).status).toBe(200);
  const opening = await postedJournal(api, base, '2026-11-01', [debit(chart.bank.id, 10000), credit(chart.retained.id, 10000)]);
  const receipt = await postedJournal(api, base, '2026-11-03', [debit(chart.bank.id, 2500), credit(chart.sales.id, 2500)]);
  return { ...books, opening, receipt };
}

const statementImport = (bankAccountId: string, data: string) => ({ kind: 'bankStatements', format: 'mt940', mode: 'perItem', bankAccountId, data });

describe('bank reconciliation', () => {
  it('imports a statement once, and reconciles it with the ledger so that the difference is always the unmatched items', async () => {
    const { api, base, companyId, chart, opening, receipt } = await arranged();
    const job = await imported(api, base, companyId, statementImport(chart.bank.id, NOVEMBER));
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'succeeded', bankAccountId: chart.bank.id, counts: { rows: 2, valid: 2, written: 2, skippedDuplicates: 0 } });
    const again = await imported(api, base, companyId, statementImport(chart.bank.id, NOVEMBER));
    expect(again).toMatchObject({ status: 'succeeded', counts: { rows: 2, written: 0, skippedDuplicates: 2 } });

    const lines = (await api.get(`${base}/BankAccounts/${chart.bank.id}/StatementLines?orderAsc=true`)).body.results;
    expect(lines.map((l: { bankReference: string; amount: string; opening: boolean }) => [l.bankReference, l.amount, l.opening])).toEqual([
      [OPENING, '10000.00', true],
      ['B261103001', '2500.00', false],
      ['B261105002', '-120.00', false],
    ]);

    const reconciliation = async (date = '2026-11-30') => {
      const r = await api.get(`${base}/BankAccounts/${chart.bank.id}/Reconciliation?date=${date}`);
      expect(r.status, r.text).toBe(200);
      // The identity, whatever was matched: statement - ledger = unmatched statement - unmatched ledger.
      expect(Number(r.body.difference)).toBeCloseTo(Number(r.body.unmatchedStatement.total) - Number(r.body.unmatchedLedger.total), 6);
      return r.body;
    };
    expect(await reconciliation()).toMatchObject({ statementBalance: '12380.00', ledgerBalance: '12500.00', difference: '-120.00', reconciled: false, unmatchedStatement: { count: 3, total: '12380.00' }, unmatchedLedger: { count: 2, total: '12500.00' } });

    const match = (statementLines: string[], ledgerLines: Array<{ journalId: string; line: number }>) => api.post(`${base}/BankAccounts/${chart.bank.id}/Matches`, { statementLines, ledgerLines });
    const openingMatch = await match([OPENING], [{ journalId: opening.id, line: 0 }]);
    expect(openingMatch.status, openingMatch.text).toBe(200);
    expect(openingMatch.body).toMatchObject({ amount: '10000.00', rule: 'manual', version: 1 });
    expect((await match(['B261103001'], [{ journalId: receipt.id, line: 1 }])).body.errors[0]).toMatchObject({ code: 'NotBankLine', name: 'ledgerLines[0].line' });
    expect((await match(['B261105002'], [{ journalId: receipt.id, line: 0 }])).body.errors[0]).toMatchObject({ code: 'MatchUnbalanced', name: 'ledgerLines' });
    expect((await match([OPENING], [{ journalId: receipt.id, line: 0 }])).body.errors[0]).toMatchObject({ code: 'AlreadyMatched', name: 'statementLines[0]' });
    expect((await match(['B261103001'], [{ journalId: receipt.id, line: 0 }])).status).toBe(200);
    expect(await reconciliation()).toMatchObject({ difference: '-120.00', unmatchedStatement: { count: 1, total: '-120.00' }, unmatchedLedger: { count: 0, total: '0.00' } });
    // Before the fee was booked by the bank, only the payment's timing differs.
    expect(await reconciliation('2026-11-04')).toMatchObject({ statementBalance: '12500.00', ledgerBalance: '12500.00', reconciled: true });

    // The fee posted in the books and matched: reconciled at the month's end.
    const fee = await postedJournal(api, base, '2026-11-05', [debit(chart.rent.id, 120), credit(chart.bank.id, 120)]);
    const feeMatch = await match(['B261105002'], [{ journalId: fee.id, line: 1 }]);
    expect(feeMatch.status, feeMatch.text).toBe(200);
    expect(await reconciliation()).toMatchObject({ statementBalance: '12380.00', ledgerBalance: '12380.00', difference: '0.00', reconciled: true, brokenMatches: [] });

    // November marked reconciled, once; nothing has changed since.
    const marked = await api.post(`${base}/BankAccounts/${chart.bank.id}/Reconciliations`, { date: '2026-11-30' });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toMatchObject({ date: '2026-11-30', statementBalance: '12380.00', ledgerBalance: '12380.00', unmatchedStatement: { count: 0 } });
    expect((await api.post(`${base}/BankAccounts/${chart.bank.id}/Reconciliations`, { date: '2026-11-30' })).body.errors[0]).toMatchObject({ code: 'AlreadyReconciled', name: 'date' });
    expect((await reconciliation()).reconciledPeriods).toEqual([expect.objectContaining({ date: '2026-11-30', changedSince: false })]);

    // Voiding a matched journal breaks its match: both sides show again, the identity holds, and the reconciled period shows it changed.
    const feeJournal = (await api.get(`${base}/Journals/${fee.id}`)).body;
    expect((await api.post(`${base}/Journals/${fee.id}/Void`, { version: feeJournal.version })).status).toBe(200);
    const broken = await reconciliation();
    expect(broken).toMatchObject({ ledgerBalance: '12500.00', reconciled: false, unmatchedStatement: { count: 1 }, brokenMatches: [{ matchId: feeMatch.body.id }], reconciledPeriods: [{ date: '2026-11-30', ledgerBalance: '12380.00', changedSince: true }] });

    // The same reconciliation as a file: the three figures, then a row per unmatched item.
    const file = await api.get(`${base}/BankAccounts/${chart.bank.id}/Reconciliation?date=2026-11-30&format=csv`);
    expect(file.status).toBe(200);
    const rows = file.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(rows[0]).toBe('Side,Bank reference,Serial number,Line,Booked or posted,Description,Reference,Amount,Match id');
    expect(rows.slice(1, 4).map((r) => r.split(',')[0] + ' ' + r.split(',')[7])).toEqual(['Statement balance 12380.00', 'Books balance 12500.00', 'Difference -120.00']);
    expect(rows.filter((r) => r.startsWith('Statement,')).map((r) => r.split(',')[1])).toEqual(['B261105002']);

    // Unmatched, at its version: its line is free again.
    expect((await api.delete(`${base}/BankAccounts/${chart.bank.id}/Matches/${feeMatch.body.id}`, { version: 2 })).status).toBe(409);
    const undone = await api.delete(`${base}/BankAccounts/${chart.bank.id}/Matches/${feeMatch.body.id}`, { version: 1 });
    expect(undone.status, undone.text).toBe(200);
    expect((await api.get(`${base}/BankAccounts/${chart.bank.id}/StatementLines?unmatched=true`)).body.results.map((l: { bankReference: string }) => l.bankReference)).toEqual(['B261105002']);
    expect((await reconciliation()).brokenMatches).toEqual([]);
    expect((await api.get(`${base}/Audit/Verify`)).body).toMatchObject({ verified: true });
  });

  it('lets one of two matchers at once take a line, and refuses a statement that does not continue the last one', async () => {
    const { api, base, companyId, chart, opening, receipt } = await arranged();
    await imported(api, base, companyId, statementImport(chart.bank.id, NOVEMBER));
    const both = await Promise.all([
      api.post(`${base}/BankAccounts/${chart.bank.id}/Matches`, { statementLines: [OPENING], ledgerLines: [{ journalId: opening.id, line: 0 }] }),
      api.post(`${base}/BankAccounts/${chart.bank.id}/Matches`, { statementLines: [OPENING, 'B261103001'], ledgerLines: [{ journalId: opening.id, line: 0 }, { journalId: receipt.id, line: 0 }] }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const held = (await api.get(`${base}/BankAccounts/${chart.bank.id}/StatementLines?orderAsc=true`)).body.results.filter((l: { matchId: string | null }) => l.matchId !== null);
    const winner = both.find((r) => r.status === 200)!.body;
    expect(held.map((l: { bankReference: string; matchId: string }) => [l.bankReference, l.matchId])).toEqual(winner.statementLines.map((ref: string) => [ref, winner.id]));

    // December opens at 12000.00, not at November's closing 12380.00.
    const december = NOVEMBER.replace(':20:STMT202611', ':20:STMT202612').replace(':60F:C261101SAR10000,00', ':60F:C261201SAR12000,00').replace(':62F:C261130SAR12380,00', ':62F:C261231SAR14380,00').replaceAll('B2611', 'B2612').replaceAll(':61:2611', ':61:2612');
    const gap = await imported(api, base, companyId, statementImport(chart.bank.id, december));
    expect(gap.status).toBe('failed');
    const [error] = await allErrors(api, base, gap.id);
    expect(error).toMatchObject({ field: 'openingBalance', code: 'StatementGap' });
    expect(error!.reason).toContain('12380.00');
    // Another bank account's statement is refused by its IBAN.
    const other = NOVEMBER.replace(`:25:${IBAN}`, ':25:SA4420000001234567891234');
    const usd = (await api.post(`${base}/Accounts`, { code: '1109', name: { english: 'Second bank', arabic: 'بنك ثان' }, type: 'leaf', parentId: chart.assets.id })).body;
    await api.post(`${base}/BankAccounts`, { accountId: usd.id, iban: 'AE070331234567890123456', bankName: 'ENBD' });
    const wrong = await imported(api, base, companyId, statementImport(usd.id, other));
    expect((await allErrors(api, base, wrong.id))[0]).toMatchObject({ code: 'WrongBankAccount' });
    // A line repeating another's bank reference refuses its statement: a line is recognised by it.
    const third = (await api.post(`${base}/Accounts`, { code: '1110', name: { english: 'Third bank', arabic: 'بنك ثالث' }, type: 'leaf', parentId: chart.assets.id })).body;
    await api.post(`${base}/BankAccounts`, { accountId: third.id, iban: IBAN, bankName: 'SNB' });
    const doubled = await imported(api, base, companyId, statementImport(third.id, NOVEMBER.replace('//B261105002', '//B261103001')));
    expect(doubled).toMatchObject({ status: 'failed', counts: { written: 0 } });
    expect((await allErrors(api, base, doubled.id))[0]).toMatchObject({ field: 'bankReference', code: 'DuplicateReference' });
  });

  it('matches by the rules, one to one, one to many and many to one, never a same amount with another reference; a dry run writes nothing', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base, companyId, chart } = books;
    await api.post(`${base}/BankAccounts`, { accountId: chart.bank.id, iban: IBAN, bankName: 'Saudi National Bank' });
    const journal = async (day: string, amount: number, reference: string | undefined, other = chart.sales.id) => {
      const sides = amount > 0 ? [debit(chart.bank.id, amount), credit(other, amount)] : [debit(other, -amount), credit(chart.bank.id, -amount)];
      const created = await api.post(`${base}/Journals`, { date: `${day}T08:00:00Z`, ...(reference ? { reference } : {}), entries: sides });
      expect((await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: day, version: 1 })).status).toBe(200);
      return created.body.id as string;
    };
    const opening = await journal('2026-11-01', 10000, undefined, chart.retained.id);
    const paid = await journal('2026-11-03', 2500, 'INV-1001');
    const deposits = [await journal('2026-11-04', 600, 'DEP-7'), await journal('2026-11-04', 400, 'DEP-7')];
    const split = await journal('2026-11-06', 500, 'INV-1002');
    const trap = await journal('2026-11-07', 750, 'INV-1004');
    const fee = await journal('2026-11-09', -45, undefined, chart.rent.id);
    const statement = [
      ':20:STMT202611', `:25:${IBAN}`, ':28C:00011/001', ':60F:C261101SAR10000,00',
      ':61:2611031103C2500,00NTRFNONREF//B1', ':86:Payment INV-1001 thank you',
      ':61:2611041104C1000,00NTRFNONREF//B2', ':86:Cash deposit batch DEP-7',
      ':61:2611061106C300,00NTRFNONREF//B3', ':86:Part 1 of INV-1002',
      ':61:2611061106C200,00NTRFNONREF//B4', ':86:Part 2 of INV-1002',
      ':61:2611071107C750,00NTRFNONREF//B5', ':86:Payment INV-1003',
      ':61:2611081108D45,00NCHGNONREF//B6', ':86:Account fee',
      ':62F:C261130SAR14705,00', '-',
    ].join('\r\n');
    expect((await imported(api, base, companyId, statementImport(chart.bank.id, statement))).status).toBe('succeeded');

    const dry = await api.post(`${base}/BankAccounts/${chart.bank.id}/AutoMatch`, { dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    const shapes = (matches: Array<{ statementLines: string[]; ledgerLines: Array<{ journalId: string }>; rule: string }>) =>
      matches.map((m) => [m.statementLines.join('+'), m.ledgerLines.map((l) => l.journalId).sort().join('+'), m.rule]).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
    const expected = [
      ['B1', paid, 'Reference and amount'],
      ['B2', [...deposits].sort().join('+'), 'Reference and amount'],
      ['B3+B4', split, 'Reference and amount'],
      ['B6', fee, 'Amount and date'],
      [OPENING, opening, 'Amount and date'],
    ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
    expect(shapes(dry.body.matches)).toEqual(expected);
    expect(dry.body).toMatchObject({ dryRun: true, proposed: 5, matched: 0 });
    expect(dry.body.matches.every((m: { id: string | null }) => m.id === null)).toBe(true);
    expect((await api.get(`${base}/BankAccounts/${chart.bank.id}/StatementLines?unmatched=true`)).body.results).toHaveLength(7);

    const real = await api.post(`${base}/BankAccounts/${chart.bank.id}/AutoMatch`, {});
    expect(real.body).toMatchObject({ dryRun: false, proposed: 5, matched: 5, skipped: 0 });
    expect(shapes(real.body.matches)).toEqual(expected);
    // The payment naming INV-1003 and the journal INV-1004 of the same amount stay apart.
    const after = (await api.get(`${base}/BankAccounts/${chart.bank.id}/Reconciliation?date=2026-11-30`)).body;
    expect(after).toMatchObject({ difference: '0.00', reconciled: false, unmatchedStatement: { count: 1, total: '750.00' }, unmatchedLedger: { count: 1, total: '750.00' } });
    expect(after.unmatchedStatement.lines[0].bankReference).toBe('B5');
    expect(after.unmatchedLedger.lines[0].journalId).toBe(trap);
    expect((await api.post(`${base}/BankAccounts/${chart.bank.id}/AutoMatch`, {})).body).toMatchObject({ proposed: 0, matched: 0 });
  });
});
