import { describe, expect, it } from 'vitest';
import { parseCamt053 } from '../../../shared/bank-statements/camt053.ts';
import { sample } from './samples.ts';

const TWO = sample('camt053-two-statements.xml');
const STMT = 'Document/BkToCstmrStmt/Stmt';

/** The sample with the `n`-th (1-based) occurrence of `from` replaced. */
function changed(text: string, from: string, to: string, n = 1): string {
  let at = -1;
  for (let k = 0; k < n; k += 1) at = text.indexOf(from, at + 1);
  if (at < 0) throw new Error(`no ${n}th ${from}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

describe('camt.053 files', () => {
  it('reads both statements of a file to the exact figures, signed by CdtDbtInd', () => {
    const { statements, errors } = parseCamt053(TWO);

    expect(errors).toEqual([]);
    expect(statements.map(({ lines, ...statement }) => statement)).toEqual([
      { statementId: '0532013000EUR-2026-03-02', account: { iban: 'DE89370400440532013000' }, currency: 'EUR', openingBalance: { amount: '12345.67', date: '2026-03-02' }, closingBalance: { amount: '13373.17', date: '2026-03-02' } },
      { statementId: '0532013001USD-2026-03-02', account: { number: '0532013001' }, currency: 'USD', openingBalance: { amount: '-250.00', date: '2026-02-27' }, closingBalance: { amount: '4629.25', date: '2026-03-02' } },
    ]);
    expect(statements[0]!.lines).toEqual([
      { bankReference: '2026030200001234', bookingDate: '2026-03-02', valueDate: '2026-03-02', amount: '1190.00', description: 'SEPA Gutschrift', endToEndId: 'INV-2026-0042', structuredReference: 'RF18539007547034', counterpartyName: 'Nordwind Logistik AG', reversal: false, source: { row: 1 } },
      { bankReference: '2026030200001235', bookingDate: '2026-03-02', valueDate: '2026-03-02', amount: '-450.00', description: 'Rechnung 7781 vom 20.02.2026\nKundennr. 55120\nSEPA Überweisung', endToEndId: 'PAY-7781', counterpartyName: 'Bürobedarf Müller & Söhne KG', reversal: false, source: { row: 2 } },
      // A batch of two collections: one line of the batch's amount, with no one transaction's references or payer.
      { bankReference: '2026030200001236', bookingDate: '2026-03-02', valueDate: '2026-03-04', amount: '300.00', description: 'Mitgliedsbeitrag Maerz 2026 M-101\nMitgliedsbeitrag Maerz 2026 M-102\nSEPA Lastschrift Einzug', reversal: false, source: { row: 3 } },
      { bankReference: 'CHG2026020001', bookingDate: '2026-03-02', valueDate: '2026-02-28', amount: '-12.50', description: 'Kontofuehrungsentgelt Februar 2026', reversal: false, source: { row: 4 } },
    ]);
    expect(statements[1]!.lines).toEqual([
      // NOTPROVIDED is no end-to-end id.
      { bankReference: '2026030200009001', bookingDate: '2026-03-02', valueDate: '2026-03-03', amount: '5000.00', description: 'INVOICE 2026-117', counterpartyName: 'Gulf Star Trading LLC', reversal: false, source: { row: 5 } },
      { bankReference: '2026030200009002', bookingDate: '2026-03-02', valueDate: '2026-03-02', amount: '-0.75', description: 'Incoming wire fee FT26061XK2Q9', reversal: false, source: { row: 6 } },
      // The reversal of a credit takes the money out; its counterparty is the original payer.
      { bankReference: '2026030200009003', bookingDate: '2026-03-02', valueDate: '2026-02-27', amount: '-120.00', description: 'PO 5521 DEPOSIT\nReversal of credit of 2026-02-27', endToEndId: 'DRI-PO-5521', counterpartyName: 'Desert Rose Imports', reversal: true, source: { row: 7 } },
    ]);
  });

  it('keeps a three-decimal currency to its three decimals', () => {
    const { statements, errors } = parseCamt053(sample('camt053-kwd.xml'));

    expect(errors).toEqual([]);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ currency: 'KWD', account: { iban: 'KW81CBKU0000000000001234560101' }, openingBalance: { amount: '10500.250' }, closingBalance: { amount: '11665.875' } });
    expect(statements[0]!.lines.map((l) => [l.amount, l.counterpartyName])).toEqual([
      ['1250.750', 'Al Noor Contracting W.L.L.'],
      ['-85.125', 'Ministry of Electricity and Water'],
    ]);
  });

  it('refuses a statement without a closing balance, naming it, and keeps the other', () => {
    const { statements, errors } = parseCamt053(changed(TWO, '<Cd>CLBD</Cd>', '<Cd>CLAV</Cd>'));

    expect(statements.map((s) => s.statementId)).toEqual(['0532013001USD-2026-03-02']);
    expect(errors).toEqual([{ row: 1, field: `${STMT}[1]/Bal`, reason: 'has no closing balance (Tp/CdOrPrtry/Cd CLBD)', code: 'InvalidStatement' }]);
  });

  it('names the entry of a bad amount, an unknown CdtDbtInd, a foreign currency and a missing reference', () => {
    let file = changed(TWO, '<Amt Ccy="EUR">450.00</Amt>', '<Amt Ccy="EUR">450,00</Amt>');
    file = changed(file, '<CdtDbtInd>CRDT</CdtDbtInd>', '<CdtDbtInd>CRED</CdtDbtInd>', 5);
    file = changed(file, '<Amt Ccy="USD">0.75</Amt>', '<Amt Ccy="EUR">0.75</Amt>');
    file = changed(file, '<AcctSvcrRef>2026030200009003</AcctSvcrRef>', '');

    const { statements, errors } = parseCamt053(file);

    expect(statements).toEqual([]);
    expect(errors).toEqual([
      { row: 2, field: `${STMT}[1]/Ntry[2]/Amt`, reason: 'must be a decimal amount, not "450,00"', code: 'InvalidAmount' },
      { row: 3, field: `${STMT}[1]/Ntry[3]/CdtDbtInd`, reason: 'must be CRDT or DBIT, not "CRED"', code: 'InvalidMark' },
      { row: 6, field: `${STMT}[2]/Ntry[2]/Amt`, reason: 'is in EUR; the statement is in USD', code: 'CurrencyMismatch' },
      { row: 7, field: `${STMT}[2]/Ntry[3]/AcctSvcrRef`, reason: expect.stringContaining('is required (or NtryRef)'), code: 'MissingReference' },
    ]);
  });

  it('refuses more decimals than the currency has, and a balance in another currency', () => {
    const kwd = changed(sample('camt053-kwd.xml'), '85.125', '85.1255');
    const jpy = changed(TWO, '<Amt Ccy="EUR">13373.17</Amt>', '<Amt Ccy="JPY">13373</Amt>');

    expect(parseCamt053(kwd).errors).toEqual([{ row: 2, field: `${STMT}[1]/Ntry[2]/Amt`, reason: 'has 4 decimal places; KWD has 3', code: 'InvalidAmount' }]);
    expect(parseCamt053(jpy).errors).toEqual([{ row: 1, field: `${STMT}[1]/Bal[2]/Amt`, reason: 'is in JPY; the statement is in EUR', code: 'CurrencyMismatch' }]);
  });

  it('refuses a statement whose lines do not make its closing balance, giving the figures and the difference', () => {
    const { statements, errors } = parseCamt053(changed(TWO, '<Amt Ccy="USD">4629.25</Amt>', '<Amt Ccy="USD">4692.25</Amt>'));

    expect(statements.map((s) => s.statementId)).toEqual(['0532013000EUR-2026-03-02']);
    expect(errors).toEqual([
      {
        row: 5,
        field: `${STMT}[2]/Bal[2]`,
        reason: 'statement 0532013001USD-2026-03-02: the opening balance -250.00 plus its 3 lines (4879.25) makes 4629.25, but the closing balance is 4692.25: they differ by 63.00',
        code: 'UnbalancedStatement',
      },
    ]);
  });

  it('refuses a truncated file, naming the elements it ends inside, and a broken one with the line it breaks on', () => {
    const cut = TWO.slice(0, TWO.indexOf('</Stmt>'));
    const crossed = `${cut}</Ntry>`;

    expect(parseCamt053(cut)).toEqual({ statements: [], errors: [{ row: 0, field: 'Document/BkToCstmrStmt/Stmt', reason: 'is not closed: the file ends inside it (cut short)', code: 'Malformed' }] });
    expect(parseCamt053(crossed)).toEqual({ statements: [], errors: [{ row: 0, field: 'Document', reason: expect.stringMatching(/^is not well-formed XML: line 288, column 5: Expected closing tag 'Stmt'/), code: 'Malformed' }] });
  });

  it('refuses a DOCTYPE, so no entity is expanded, and a document that is no camt.053', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${TWO.slice(TWO.indexOf('<Document')).replace('<Nm>Nordwind Logistik AG</Nm>', '<Nm>&b;</Nm>')}`;
    const report = TWO.replaceAll('BkToCstmrStmt', 'BkToCstmrAcctRpt').replaceAll('<Stmt>', '<Rpt>').replaceAll('</Stmt>', '</Rpt>');

    expect(parseCamt053(bomb)).toEqual({ statements: [], errors: [{ row: 0, field: 'Document', reason: expect.stringContaining('DOCTYPE'), code: 'Malformed' }] });
    expect(parseCamt053(report).errors).toEqual([{ row: 0, field: 'Document/BkToCstmrStmt', reason: expect.stringContaining('not a camt.053'), code: 'InvalidStatement' }]);
  });

  it('leaves out entries not booked, as the balances do', () => {
    const pending = changed(changed(TWO, '<Sts>BOOK</Sts>', '<Sts>PDNG</Sts>', 2), '<Amt Ccy="EUR">13373.17</Amt>', '<Amt Ccy="EUR">13823.17</Amt>');

    const { statements, errors } = parseCamt053(pending);

    expect(errors).toEqual([]);
    expect(statements[0]!.lines.map((l) => l.source.row)).toEqual([1, 3, 4]);
  });

  it('reads the names of later versions (Sts/Cd, Pty/Nm) and prefixed elements', () => {
    const later = TWO.replaceAll('<Sts>BOOK</Sts>', '<Sts><Cd>BOOK</Cd></Sts>').replace('<Nm>Nordwind Logistik AG</Nm>', '<Pty><Nm>Nordwind Logistik AG</Nm></Pty>');
    const prefixed = TWO.replace('<Document xmlns=', '<c:Document xmlns:c=').replace('</Document>', '</c:Document>');

    expect(parseCamt053(later).statements[0]!.lines[0]).toMatchObject({ counterpartyName: 'Nordwind Logistik AG' });
    expect(parseCamt053(later).statements.flatMap((s) => s.lines)).toHaveLength(7);
    expect(parseCamt053(prefixed).statements).toHaveLength(2);
  });
});
