import { describe, expect, it } from 'vitest';
import { type CsvStatementOptions, parseCsvStatement } from '../../../shared/bank-statements/csv-statement.ts';
import { sample } from './samples.ts';

const SAR = sample('csv-sar-debit-credit.csv');
const OPTIONS: CsvStatementOptions = {
  statementId: 'SA-2026-04-W1',
  account: { iban: 'SA0380000000608010167519' },
  currency: 'SAR',
  openingBalance: { amount: '84210.35', date: '2026-03-31' },
  closingBalance: { amount: '95703.50', date: '2026-04-03' },
};

describe('CSV statements', () => {
  it('reads a bank export with debit and credit columns to the exact figures, each line at the file line it starts on', () => {
    const { statements, errors } = parseCsvStatement(SAR, OPTIONS);

    expect(errors).toEqual([]);
    expect(statements).toEqual([
      {
        statementId: 'SA-2026-04-W1',
        account: { iban: 'SA0380000000608010167519' },
        currency: 'SAR',
        openingBalance: { amount: '84210.35', date: '2026-03-31' },
        closingBalance: { amount: '95703.50', date: '2026-04-03' },
        lines: [
          { bankReference: 'FT26091A7K2M', bookingDate: '2026-04-01', valueDate: '2026-04-01', amount: '15000.00', description: 'Invoice 2026-0311, March services', counterpartyName: 'Al Rajhi Facilities Co.', reversal: false, source: { row: 2 } },
          { bankReference: 'FT26091B3Q8Z', bookingDate: '2026-04-01', valueDate: '2026-04-02', amount: '-3450.50', description: 'Rent April 2026\nWarehouse 7, Dammam', counterpartyName: 'Eastern Properties LLC', reversal: false, source: { row: 3 } },
          { bankReference: 'CHG26092000041', bookingDate: '2026-04-02', valueDate: '2026-04-02', amount: '-57.50', description: 'Monthly account fee', reversal: false, source: { row: 5 } },
          { bankReference: 'INT26093000007', bookingDate: '2026-04-03', valueDate: '2026-04-03', amount: '1.15', description: 'Credit interest March', reversal: false, source: { row: 6 } },
        ],
      },
    ]);
  });

  it('reads a signed amount column, with header names in any case', () => {
    const file = 'BOOKINGDATE,amount,bankreference\n2026-04-01,-10.5,R1\n2026-04-02,+0.50,R2\n';

    const { statements, errors } = parseCsvStatement(file, { ...OPTIONS, currency: 'KWD', openingBalance: { amount: '10', date: '2026-03-31' }, closingBalance: { amount: '0.000', date: '2026-04-02' } });

    expect(errors).toEqual([]);
    expect(statements[0]!.openingBalance.amount).toBe('10.000');
    expect(statements[0]!.lines.map((l) => [l.amount, l.valueDate, l.description])).toEqual([
      ['-10.500', '2026-04-01', ''],
      ['0.500', '2026-04-02', ''],
    ]);
  });

  it('refuses unknown, missing and repeated columns, naming each', () => {
    const errorsOf = (header: string) => parseCsvStatement(`${header}\n`, OPTIONS).errors;

    expect(errorsOf('bookingDate,amount,bankReference,colour,Amount')).toEqual([
      { row: 1, field: 'colour', reason: expect.stringContaining('is not a column of a CSV statement'), code: 'UnknownColumn' },
      { row: 1, field: 'Amount', reason: 'names the column amount twice', code: 'DuplicateColumn' },
    ]);
    expect(errorsOf('valueDate,debit')).toEqual([
      { row: 1, field: 'bookingDate', reason: 'is missing (the first row names the columns)', code: 'MissingColumn' },
      { row: 1, field: 'bankReference', reason: 'is missing (the first row names the columns)', code: 'MissingColumn' },
      { row: 1, field: 'credit', reason: 'is missing: a debit column comes with a credit column', code: 'MissingColumn' },
    ]);
    expect(errorsOf('bookingDate,bankReference,amount,credit').map((e) => [e.field, e.code])).toEqual([['amount', 'DuplicateColumn']]);
    expect(errorsOf('bookingDate,bankReference').map((e) => [e.field, e.code])).toEqual([['amount', 'MissingColumn']]);
    expect(errorsOf('bookingDate,amount,,bankReference')).toEqual([{ row: 1, field: 'column 3', reason: 'has no name: the first row names each column', code: 'UnknownColumn' }]);
  });

  it('names the line and column of each bad value', () => {
    const file = [
      'bookingDate,valueDate,debit,credit,bankReference',
      '2026-04-01,,1.00,2.00,A',
      '2026-02-30,,1.00,,B',
      '2026-04-01,,,,C',
      '2026-04-01,,1.005,,D',
      '2026-04-01,01/04/2026,,1.00,',
    ].join('\n');

    const { statements, errors } = parseCsvStatement(file, OPTIONS);

    expect(statements).toEqual([]);
    expect(errors).toEqual([
      { row: 2, field: 'credit', reason: 'must be empty when the debit is given: a row is money in or money out', code: 'InvalidAmount' },
      { row: 3, field: 'bookingDate', reason: 'must be a date YYYY-MM-DD, not "2026-02-30"', code: 'InvalidDate' },
      { row: 4, field: 'amount', reason: 'is required: give the amount, or the debit or the credit', code: 'Required' },
      { row: 5, field: 'debit', reason: 'has 3 decimal places; SAR has 2', code: 'InvalidAmount' },
      { row: 6, field: 'valueDate', reason: 'must be a date YYYY-MM-DD, not "01/04/2026"', code: 'InvalidDate' },
      { row: 6, field: 'bankReference', reason: expect.stringContaining('is required'), code: 'MissingReference' },
    ]);
  });

  it('refuses a gap between the lines and the closing balance given, and bad options, and unreadable CSV', () => {
    expect(parseCsvStatement(SAR, { ...OPTIONS, closingBalance: { amount: '95703.49', date: '2026-04-03' } }).errors).toEqual([
      { row: 1, field: 'closingBalance', reason: 'statement SA-2026-04-W1: the opening balance 84210.35 plus its 4 lines (11493.15) makes 95703.50, but the closing balance is 95703.49: they differ by -0.01', code: 'UnbalancedStatement' },
    ]);
    expect(parseCsvStatement(SAR, { ...OPTIONS, currency: 'XYZ' }).errors).toEqual([{ row: 0, field: 'currency', reason: 'must be an ISO 4217 currency code, not "XYZ"', code: 'UnknownCurrency' }]);
    expect(parseCsvStatement(SAR, { ...OPTIONS, statementId: ' ', openingBalance: { amount: '1,000.00', date: '2026-3-31' } }).errors.map((e) => [e.field, e.code])).toEqual([
      ['statementId', 'Required'],
      ['openingBalance.amount', 'InvalidAmount'],
      ['openingBalance.date', 'InvalidDate'],
    ]);
    expect(parseCsvStatement('bookingDate,amount,bankReference\n2026-04-01,"1.00,R1\n', OPTIONS).errors).toEqual([{ row: expect.any(Number), field: 'file', reason: expect.stringContaining('is not valid CSV'), code: 'Malformed' }]);
    expect(parseCsvStatement('', OPTIONS).errors.map((e) => e.code)).toEqual(['Malformed']);
  });
});
