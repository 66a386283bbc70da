import { describe, expect, it } from 'vitest';
import type { Classification } from '../../../shared/accounts/records.ts';
import type { Line } from '../../../shared/journals/rules.ts';
import { bilingual, compactId, exchangeRate, fitsMonetary, fitted, identifier, linesAgree, monetary, partyRoles, periodYearProblem, safTPrecisionProblem, transactionType } from '../../../shared/saf-t/rules.ts';
import type { TaxDirection } from '../../../shared/tax-codes/records.ts';

const line = (accountId: string, side: 1 | 2, amount: string, extra: Partial<Line> = {}): Line => ({ accountId, costCenterId: null, side, amount, ...extra });
const taxed = (direction: TaxDirection) => ({ taxCodeId: 't', code: direction === 'supplies' ? 'S-STD' : 'P-STD', kind: 'standard' as const, direction, percent: '15', taxAmount: '15', baseBoxes: [], taxBoxes: [] });

describe('text within the schema’s lengths', () => {
  it('keeps text that fits and cuts longer text to the length, counting characters (code points), its last one an ellipsis', () => {
    expect(fitted('Rent', 4)).toBe('Rent');
    expect(fitted('Rent due', 4)).toBe('Ren…');
    expect(fitted('😀😀😀', 2)).toBe('😀…');
    expect([...fitted('ح'.repeat(300), 256)].length).toBe(256);
  });

  it('names both languages once each, English first, within 256 characters', () => {
    expect(bilingual({ english: 'Cash', arabic: 'النقدية' })).toBe('Cash / النقدية');
    expect(bilingual({ english: 'C1', arabic: 'C1' })).toBe('C1');
    expect([...bilingual({ english: 'e'.repeat(200), arabic: 'ع'.repeat(200) })].length).toBe(256);
  });

  it('gives an identifier as its path while it fits, else the record’s id without hyphens, never cut', () => {
    const id = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    expect(identifier('1.11.1101', id, 70)).toBe('1.11.1101');
    expect(identifier('x'.repeat(71), id, 70)).toBe('6f1c2d3e4a5b4c6d8e7f9a0b1c2d3e4f');
    expect(compactId(id)).toHaveLength(32);
  });
});

describe('amounts and rates', () => {
  it('writes two decimals and tells which amounts SAFmonetaryType holds', () => {
    expect(monetary(1_500_000n)).toBe('1500.00');
    expect(monetary(-10n)).toBe('-0.01');
    expect(fitsMonetary('12.34')).toBe(true);
    expect(fitsMonetary('12.340')).toBe(true);
    expect(fitsMonetary('12.345')).toBe(false);
    expect(fitsMonetary('1'.repeat(17))).toBe(false);
  });

  it('keeps a rate of at most 8 decimals and 18 digits, without trailing zeros, and leaves out any other', () => {
    expect(exchangeRate('3.75')).toBe('3.75');
    expect(exchangeRate('3.750000')).toBe('3.75');
    expect(exchangeRate('4')).toBe('4');
    expect(exchangeRate('0.12345678')).toBe('0.12345678');
    expect(exchangeRate('0.123456789')).toBeUndefined();
    expect(exchangeRate('1234567890123456789')).toBeUndefined();
  });

  it('refuses a range touching a financial year that starts in a year PeriodYear cannot hold (1970 to 2100)', () => {
    const years = [{ startDate: '1969-07-01', endDate: '1970-06-30' }, { startDate: '1970-07-01', endDate: '1971-06-30' }, { startDate: '2101-01-01', endDate: '2101-12-31' }];

    expect(periodYearProblem(years, { from: '1970-07-01', to: '1971-06-30' })).toBeUndefined();
    expect(periodYearProblem(years, { from: '1970-06-01', to: '1970-07-31' })).toMatch(/starting 1969-07-01; .* 1970 to 2100$/);
    expect(periodYearProblem(years, { from: '2101-03-01', to: '2101-03-31' })).toMatch(/starting 2101-01-01/);
  });

  it('refuses a company keeping three decimals, naming the way out', () => {
    expect(safTPrecisionProblem(2)).toBeUndefined();
    expect(safTPrecisionProblem(3)).toMatch(/GeneralLedger\?format=csv/);
  });
});

describe('journals as transactions', () => {
  it('names a journal’s kind', () => {
    expect(transactionType({})).toBe('Normal');
    expect(transactionType({ reversalOf: 'j' })).toBe('Reversal');
    expect(transactionType({ openingOf: 'y' })).toBe('Opening');
    expect(transactionType({ closingOf: 'y' })).toBe('Closing');
    expect(transactionType({ revaluationDate: '2026-03-31', reversalOf: 'j' })).toBe('Revaluation');
  });

  it('gives each party its role: by the tax direction of its taxed lines (a tax line as its taxed line), else by its line’s account', () => {
    const classes: Record<string, Classification> = { receivable: 'asset', bank: 'asset', sales: 'revenue', rent: 'expense', payable: 'liability', vat: 'liability', capital: 'equity' };
    const of = (id: string) => classes[id];

    const sale = partyRoles([line('receivable', 1, '115', { counterpartyId: 'c' }), line('sales', 2, '100', { tax: taxed('supplies'), counterpartyId: 'c' }), line('vat', 2, '15', { taxOf: 1, counterpartyId: 'c' })], of);
    const bill = partyRoles([line('payable', 2, '115', { counterpartyId: 's' }), line('rent', 1, '100', { tax: taxed('purchases'), counterpartyId: 's' })], of);
    const receipt = partyRoles([line('bank', 1, '115'), line('receivable', 2, '115', { counterpartyId: 'c' })], of);
    const payment = partyRoles([line('payable', 1, '115', { counterpartyId: 's' }), line('bank', 2, '115')], of);
    const owner = partyRoles([line('bank', 1, '5'), line('capital', 2, '5', { counterpartyId: 'o' })], of);
    const both = partyRoles([line('sales', 2, '100', { tax: taxed('supplies'), counterpartyId: 'x' }), line('rent', 1, '100', { tax: taxed('purchases'), counterpartyId: 'x' })], of);

    expect([...sale]).toEqual([['c', 'customer']]);
    expect([...bill]).toEqual([['s', 'supplier']]);
    expect([...receipt]).toEqual([['c', 'customer']]);
    expect([...payment]).toEqual([['s', 'supplier']]);
    expect([...owner]).toEqual([]);
    expect([...both]).toEqual([['x', 'customer']]);
  });

  it('holds the lines written to the balances read: each account’s debits and credits between them', () => {
    const before = new Map([['a', { debit: 100_000n, credit: 0n }]]);
    const through = new Map([['a', { debit: 150_000n, credit: 20_000n }], ['b', { debit: 0n, credit: 30_000n }]]);

    expect(linesAgree(['a', 'b'], before, through, new Map([['a', { debit: 50_000n, credit: 20_000n }], ['b', { debit: 0n, credit: 30_000n }]]))).toBe(true);
    expect(linesAgree(['a', 'b'], before, through, new Map([['a', { debit: 50_000n, credit: 20_000n }]]))).toBe(false);
    expect(linesAgree(['a', 'c'], before, new Map([...through, ['c', { debit: 1n, credit: 0n }]]), new Map([['a', { debit: 50_000n, credit: 20_000n }]]))).toBe(false);
  });
});
