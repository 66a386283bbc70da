import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { namedByPath } from '../../../shared/imports/saf-t/named-by-path.ts';
import { readSafT } from '../../../shared/imports/saf-t/read-saf-t.ts';

/**
 * A SAF-T Financial file read as the rows of each import kind (shared/imports/saf-t/): the
 * fixture, shaped as the standard's example files and valid against the v1.30 schema, gives
 * its chart, cost centers, opening balances and journal lines with each field's element path;
 * closing balances are checked against opening plus lines; unsafe, malformed and other files
 * are refused.
 */
const XSD = resolve(import.meta.dirname, '../../../docs/standards/saf-t/Norwegian_SAF-T_Financial_Schema_v_1.30.xsd');
export const SAF_T_FIXTURE = readFileSync(resolve(import.meta.dirname, '../../fixtures/saf-t/financial-1.30.xml'), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'saf-t-import-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function schemaErrors(document: string): string | null {
  const file = join(scratch, `${Date.now()}-${Math.random()}.xml`);
  writeFileSync(file, document);
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

const refusal = (text: string) => {
  try {
    readSafT('journals', text);
  } catch (error) {
    return (error as { items: Array<{ name: string; reason: string; code: string }> }).items[0];
  }
  return undefined;
};

describe('a SAF-T Financial file read as import rows', () => {
  it('is a fixture the v1.30 schema validates (and a broken copy does not)', () => {
    expect(schemaErrors(SAF_T_FIXTURE)).toBeNull();
    expect(schemaErrors(SAF_T_FIXTURE.replace('<TaxAccountingBasis>A</TaxAccountingBasis>', ''))).toMatch(/TaxAccountingBasis/);
  });

  it('gives the chart with classifications from the grouping codes, and the cost centers of the analysis table', () => {
    const accounts = readSafT('accounts', SAF_T_FIXTURE);
    expect(accounts.errors).toEqual([]);
    expect(accounts.rows.map((r) => [r.values.code, r.values.type, r.values.classification, r.values.nameEnglish, r.values.nameArabic])).toEqual([
      ['1500', 'leaf', 'asset', 'Customers', 'العملاء'],
      ['1920', 'leaf', 'asset', 'Bank', 'البنك'],
      ['2050', 'leaf', 'equity', 'Share capital', 'رأس المال'],
      ['2400', 'leaf', 'liability', 'Suppliers', 'الموردون'],
      ['2700', 'leaf', 'liability', 'Output VAT', 'ضريبة المخرجات'],
      ['3000', 'leaf', 'revenue', 'Sales', 'المبيعات'],
      ['6300', 'leaf', 'expense', 'Rent', 'الإيجار'],
    ]);
    expect(accounts.paths.get(2)?.code).toBe('MasterFiles/GeneralLedgerAccounts/Account[2]/AccountID');
    const centers = readSafT('costCenters', SAF_T_FIXTURE);
    expect(centers.rows.map((r) => r.values)).toEqual([
      { code: 'HQ', nameEnglish: 'Head office', nameArabic: 'المركز الرئيسي', active: 'true' },
      { code: 'BR', nameEnglish: 'Branch', nameArabic: 'الفرع', active: 'true' },
    ]);
  });

  it('makes category rows of the parents of a dotted AccountID (as the export writes paths)', () => {
    const dotted = SAF_T_FIXTURE.replace('<AccountID>1500</AccountID>', '<AccountID>1.15.1500</AccountID>').replace('<GroupingCategory>RF-1167</GroupingCategory>', '<GroupingCategory>asset</GroupingCategory>');
    const { rows } = readSafT('accounts', dotted);
    expect(rows[0]!.values).toMatchObject({ code: '1500', parentPath: '1.15', type: 'leaf' });
    expect(rows.slice(-2).map((r) => r.implied)).toEqual([true, true]);
    expect(rows.slice(-2).map((r) => r.values)).toEqual([
      { code: '15', parentPath: '1', type: 'category', nameEnglish: '15', nameArabic: '15' },
      { code: '1', type: 'category', nameEnglish: '1', nameArabic: '1', classification: 'asset' },
    ]);
  });

  it('gives the opening balances that are not zero, each named by its element', () => {
    const opening = readSafT('openingBalances', SAF_T_FIXTURE);
    expect(opening.rows.map((r) => r.values)).toEqual([
      { accountPath: '1920', debit: '5000.00' },
      { accountPath: '2050', credit: '5000.00' },
    ]);
    expect(opening.paths.get(2)?.credit).toBe('MasterFiles/GeneralLedgerAccounts/Account[3]/OpeningCreditBalance');
  });

  it('gives each line of each transaction as a journal row; a reference two transactions share gives way to their TransactionIDs', () => {
    const journals = readSafT('journals', SAF_T_FIXTURE);
    expect(journals.errors).toEqual([]);
    expect(journals.rows.map((r) => [r.values.reference, r.values.date, r.values.accountPath, r.values.side, r.values.amount, r.values.costCenterPath])).toEqual([
      ['1001', '2026-01-10', '1500', 'debit', '1150.00', undefined],
      ['1001', '2026-01-10', '3000', 'credit', '1000.00', 'HQ'],
      ['1001', '2026-01-10', '2700', 'credit', '150.00', undefined],
      ['1002', '2026-01-20', '1920', 'debit', '1150.00', undefined],
      ['1002', '2026-01-20', '1500', 'credit', '1150.00', undefined],
      ['BILL-77', '2026-02-05', '6300', 'debit', '400.00', 'BR'],
      ['BILL-77', '2026-02-05', '2400', 'credit', '400.00', undefined],
      ['PAY-1', '2026-02-15', '2400', 'debit', '400.00', undefined],
      ['PAY-1', '2026-02-15', '1920', 'credit', '400.00', undefined],
    ]);
    expect(journals.rows[8]!.values).toMatchObject({ postingDate: '2026-02-15', description: 'Rent paid' });
    // A plan's error on a row's column is named by the element it came from.
    const named = namedByPath([{ row: 9, field: 'amount', reason: 'x', code: 'ValidationError' }, { row: 0, field: 'data', reason: 'y', code: 'Z' }], journals.paths);
    expect(named.map((e) => e.field)).toEqual(['GeneralLedgerEntries/Journal[2]/Transaction[1]/Line[2]/CreditAmount/Amount', 'data']);
    expect(journals.paths.get(6)?.costCenterPath).toBe('GeneralLedgerEntries/Journal[1]/Transaction[3]/Line[1]/Analysis[1]/AnalysisID');
  });

  it('gives a taxed line its code and tax where its tax line names it (CrossReference), the tax line left to the books but counted in the closing check', () => {
    // The VAT line names line 2 (the sale) as the line it is the tax of.
    const paired = SAF_T_FIXTURE.replace(
      /<Line>\s*<RecordID>3<\/RecordID>\s*<AccountID>2700<\/AccountID>([\s\S]*?)<\/Line>/,
      '<Line><RecordID>3</RecordID><AccountID>2700</AccountID>$1<CrossReference>2</CrossReference></Line>',
    );
    expect(schemaErrors(paired)).toBeNull();
    const journals = readSafT('journals', paired);
    expect(journals.errors).toEqual([]);
    expect(journals.rows.slice(0, 3).map((r) => [r.values.accountPath, r.values.amount, r.values.taxCode, r.values.taxAmount])).toEqual([
      ['1500', '1150.00', undefined, undefined],
      ['3000', '1000.00', '3', '150.00'],
      ['1920', '1150.00', undefined, undefined],
    ]);
    expect(journals.paths.get(2)?.taxCode).toBe('GeneralLedgerEntries/Journal[1]/Transaction[1]/Line[2]/TaxInformation[1]/TaxCode');
    // The VAT account's closing balance still counts its tax line.
    const wrongVat = paired.replace('<ClosingCreditBalance>150.00</ClosingCreditBalance>', '<ClosingCreditBalance>140.00</ClosingCreditBalance>');
    expect(readSafT('journals', wrongVat).errors).toEqual([expect.objectContaining({ row: 2, field: 'MasterFiles/GeneralLedgerAccounts/Account[5]/ClosingCreditBalance', code: 'ClosingBalanceMismatch' })]);
  });

  it('maps a taxed line whose tax line no CrossReference names (as the standard\'s examples) to the company\'s code of that TaxCode on its tax account', () => {
    // The company has code 3 posting its tax on 2700: the sale takes its code and tax, its VAT line is left to the books.
    const mapped = readSafT('journals', SAF_T_FIXTURE, new Map([['3', '2700']]));
    expect(mapped.errors).toEqual([]);
    expect(mapped.rows.slice(0, 3).map((r) => [r.values.accountPath, r.values.amount, r.values.taxCode, r.values.taxAmount])).toEqual([
      ['1500', '1150.00', undefined, undefined],
      ['3000', '1000.00', '3', '150.00'],
      ['1920', '1150.00', undefined, undefined],
    ]);
    expect(mapped.paths.get(2)?.taxAmount).toBe('GeneralLedgerEntries/Journal[1]/Transaction[1]/Line[2]/TaxInformation[1]/CreditTaxAmount/Amount');
    // No such code, or its tax account is another: the lines come in as the file has them.
    for (const accounts of [new Map(), new Map([['3', '2710']])]) expect(readSafT('journals', SAF_T_FIXTURE, accounts).rows.slice(0, 3).map((r) => [r.values.accountPath, r.values.taxCode])).toEqual([['1500', undefined], ['3000', undefined], ['2700', undefined]]);
  });

  it('applies a party named by the transaction only to its lines, as a line\'s own is applied', () => {
    // Transaction 1001 names customer C1; its first line names it too, its others do not.
    const { rows, paths } = readSafT('journals', SAF_T_FIXTURE);
    const c1 = rows[0]!.values.counterpartyId;
    expect(c1).toBeTruthy();
    expect(rows.slice(0, 3).map((r) => r.values.counterpartyId)).toEqual([c1, c1, c1]);
    expect(paths.get(1)?.counterpartyId).toBe('GeneralLedgerEntries/Journal[1]/Transaction[1]/Line[1]/CustomerID');
    expect(paths.get(2)?.counterpartyId).toBe('GeneralLedgerEntries/Journal[1]/Transaction[1]/CustomerID');
    // A line's own party wins over its transaction's.
    const other = readSafT('journals', SAF_T_FIXTURE.replace('<CustomerID>C1</CustomerID>\n          <Line>', '<CustomerID>C2</CustomerID>\n          <Line>'));
    expect(other.rows[0]!.values.counterpartyId).toBe(c1);
    expect(other.rows[1]!.values.counterpartyId).not.toBe(c1);
  });

  it('checks each closing balance against opening plus lines, naming the element and both figures', () => {
    const wrong = SAF_T_FIXTURE.replace('<ClosingDebitBalance>5750.00</ClosingDebitBalance>', '<ClosingDebitBalance>5700.00</ClosingDebitBalance>').replace('<ClosingCreditBalance>5000.00</ClosingCreditBalance>', '<ClosingCreditBalance>4000.00</ClosingCreditBalance>');
    expect(schemaErrors(wrong)).toBeNull();
    expect(readSafT('journals', wrong).errors).toEqual([
      { row: 9, field: 'MasterFiles/GeneralLedgerAccounts/Account[2]/ClosingDebitBalance', reason: 'is 5700.00 (debit less credit) for account 1920, but its opening balance 5000.00 and its lines in the file (750.00) make 5750.00', code: 'ClosingBalanceMismatch' },
      { row: 0, field: 'MasterFiles/GeneralLedgerAccounts/Account[3]/ClosingCreditBalance', reason: 'is -4000.00 (debit less credit) for account 2050, but its opening balance -5000.00 and its lines in the file (0.00) make -5000.00', code: 'ClosingBalanceMismatch' },
    ]);
  });

  it('refuses a DOCTYPE or entity (never expanded), a malformed file, a cash register file and another version, naming data', () => {
    const bomb = SAF_T_FIXTURE.replace('<AuditFile', '<!DOCTYPE AuditFile [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>\n<AuditFile').replace('<Name>Example Trading Co.</Name>', '<Name>&b;</Name>');
    const external = SAF_T_FIXTURE.replace('<AuditFile', '<!DOCTYPE AuditFile [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<AuditFile').replace('<Name>Example Trading Co.</Name>', '<Name>&x;</Name>');
    expect(refusal(bomb)).toMatchObject({ name: 'data', code: 'InvalidSafT', reason: expect.stringMatching(/DOCTYPE/) });
    expect(refusal(external)).toMatchObject({ name: 'data', code: 'InvalidSafT' });
    // An undeclared entity is never resolved: it stays the text written.
    expect(readSafT('journals', SAF_T_FIXTURE.replace('<Description>Rent paid</Description>', '<Description>&x; &amp; &#65;</Description>')).rows[7]!.values.description).toBe('&x; & A');
    expect(refusal(SAF_T_FIXTURE.slice(0, 3000))).toMatchObject({ name: 'data', code: 'InvalidSafT', reason: expect.stringMatching(/well-formed/) });
    const cashRegister = SAF_T_FIXTURE.replace('urn:StandardAuditFile-Taxation-Financial:NO', 'urn:StandardAuditFile-Taxation-CashRegister:NO');
    expect(refusal(cashRegister)).toMatchObject({ name: 'data', code: 'NotSafTFinancial', reason: expect.stringMatching(/Cash Register/) });
    expect(refusal('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>')).toMatchObject({ code: 'NotSafTFinancial' });
    expect(refusal(SAF_T_FIXTURE.replace('<AuditFileVersion>1.30</AuditFileVersion>', '<AuditFileVersion>2.00</AuditFileVersion>'))).toMatchObject({ code: 'UnsupportedSafTVersion', reason: expect.stringMatching(/1\.10 to 1\.30/) });
    expect(readSafT('journals', SAF_T_FIXTURE.replace('<AuditFileVersion>1.30</AuditFileVersion>', '<AuditFileVersion>1.10</AuditFileVersion>')).rows).toHaveLength(9);
  });
});
