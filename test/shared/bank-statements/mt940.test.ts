import { describe, expect, it } from 'vitest';
import { parseMt940 } from '../../../shared/bank-statements/mt940.ts';
import { sample } from './samples.ts';

const KNAB = sample('mt940js-test1.mt940');
const STRUCTURED = sample('mt940js-testX.mt940');
const POLISH = sample('mt940js-test-with-NS.mt940');

/** A small MT940 message (LF line ends, no envelope) of the given fields. */
const message = (...fields: string[]) => `${fields.join('\n')}\n-`;

describe('MT940 files', () => {
  it('reads both messages of a file in the SWIFT envelope to the exact figures', () => {
    const { statements, errors } = parseMt940(KNAB);

    expect(errors).toEqual([]);
    expect(statements).toEqual([
      {
        statementId: 'B4E08MS9D00A0009/998/1',
        account: { number: '123456789' },
        currency: 'EUR',
        openingBalance: { amount: '0.00', date: '2014-05-07' },
        closingBalance: { amount: '500.00', date: '2014-05-08' },
        lines: [{ bankReference: 'B4E07XM00J000023', bookingDate: '2014-05-07', valueDate: '2014-05-07', amount: '500.00', description: 'HIER EEN MOOIE OMSCHRIJVING IN HOOFDLETTERS\nWANT DAT IS ZOALS DE NEDERLANDSE BANKEN COMMUNICEREN', reversal: false, source: { row: 6 } }],
      },
      {
        statementId: 'B4G30MS9D00A003D/999/1',
        account: { number: '123456789' },
        currency: 'EUR',
        openingBalance: { amount: '3058.98', date: '2014-07-29' },
        closingBalance: { amount: '798.98', date: '2014-07-30' },
        lines: [
          { bankReference: 'B4G29PGCVO7Q06US', bookingDate: '2014-07-29', valueDate: '2014-07-29', amount: '-2760.00', description: 'FACTUUR 201403110, 201403113\nREK: NL65INGB0123456789/NAAM: PICQER', reversal: false, source: { row: 16 } },
          // "C500NTRF": an amount without its decimal comma, as this bank writes it.
          { bankReference: 'B4G29PGDCK1QFV3E', bookingDate: '2014-07-29', valueDate: '2014-07-29', amount: '500.00', description: '12160475 0050001631430920 ORDERID: 264267 MEDIA MARKT ONLINE NE\nREK: NL84INGB0234561789/NAAM: MMS ONLINE NEDERLAND B.V.', reversal: false, source: { row: 20 } },
        ],
      },
    ]);
  });

  it('reads structured :86: lines, a second :61: line and a trailer block', () => {
    const { statements, errors } = parseMt940(STRUCTURED);

    expect(errors).toEqual([]);
    expect(statements.map((s) => s.lines.map((l) => [l.source.row, l.amount, l.bankReference]))).toEqual([
      [[6, '500.00', 'B4E07XM00J000023']],
      [
        [19, '-2760.00', 'B4G29PGCVO7Q06US'],
        [27, '500.00', 'B4G29PGDCK1QFV3E'],
      ],
    ]);
    expect(statements[1]!.lines[0]!.description.split('\n')).toEqual([
      '/XXXX//100924006010 XXXXXXXXXXXXX XXXXXXXX XXXXXX AB (PUBL)',
      '/ORDP/XX XXXXXX XXXXX XXXX N.A.25 XXXX XXXXX, CANARY WHARF',
      '/REMI/UBERWEISUNG OUR REF: 03MT181024144353',
      'YOUR REF: P6363103 240 1   M CA O/XXXXGB2L',
      '/ACC/INST/XXXXGB2L         /6231400604',
      'BIC:XXXXGB2L',
    ]);
  });

  it('refuses lines without a bank reference (NONREF and no //), naming each line', () => {
    const { statements, errors } = parseMt940(POLISH);

    expect(statements).toEqual([]);
    expect(errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [6, ':61:', 'MissingReference'],
      [10, ':61:', 'MissingReference'],
      [14, ':61:', 'MissingReference'],
      [26, ':61:', 'MissingReference'],
    ]);
  });

  it('reads the same file once its lines carry bank references: funds codes, no entry dates, :60M:/:62M:, a bank’s own field', () => {
    let n = 0;
    const referenced = POLISH.replace(/FCHGNONREF/g, () => `FCHGNONREF//PL${++n}`);

    const { statements, errors } = parseMt940(referenced);

    expect(errors).toEqual([]);
    expect(statements.map(({ lines, ...s }) => ({ ...s, lines: lines.map((l) => [l.bookingDate, l.amount, l.bankReference, l.description.slice(0, 12)]) }))).toEqual([
      {
        statementId: '17013109020/17001/1',
        account: { number: 'B4E08MS9D00A0009' },
        currency: 'PLN',
        openingBalance: { amount: '3503.60', date: '2017-01-01' },
        closingBalance: { amount: '2996.53', date: '2017-01-24' },
        lines: [
          ['2017-01-03', '-369.00', 'PL1', '>20Usługi ks'],
          ['2017-01-04', '-15.07', 'PL2', '>20VB ELECTR'],
          ['2017-01-10', '-123.00', 'PL3', '>20usługa bi'],
        ],
      },
      {
        statementId: '17013109020/17001/2',
        account: { number: 'B4E08MS9D00A0009' },
        currency: 'PLN',
        openingBalance: { amount: '2996.53', date: '2017-01-24' },
        closingBalance: { amount: '2971.53', date: '2017-01-31' },
        // The :NS: field between :61: and :86: is passed over.
        lines: [['2017-01-31', '-25.00', 'PL4', '>20Opłata za']],
      },
    ]);
  });

  it('refuses a message without its closing balance, naming the tag and where the message starts', () => {
    const cut = KNAB.replace(':62F:C140730EUR798,98\r\n', '');

    const { statements, errors } = parseMt940(cut);

    expect(statements.map((s) => s.statementId)).toEqual(['B4E08MS9D00A0009/998/1']);
    expect(errors).toEqual([{ row: 12, field: ':62F:', reason: 'is missing: the statement that starts on line 12 has no closing balance (:62F: or :62M:)', code: 'InvalidStatement' }]);
  });

  it('names the line of a bad amount, an unknown mark and a bad balance', () => {
    const broken = KNAB.replace('1407290729D2760,NTRF', '1407290729D27.60NTRF').replace('1407290729C500NTRF', '1407290729X500NTRF').replace(':60F:C140507EUR0,', ':60F:C140507EUR0,001');

    const { statements, errors } = parseMt940(broken);

    expect(statements).toEqual([]);
    expect(errors).toEqual([
      { row: 5, field: ':60F:', reason: 'amount has 3 decimal places; EUR has 2', code: 'InvalidAmount' },
      { row: 16, field: ':61:', reason: 'must give an amount with a decimal comma (1234,56) after the mark, not "27.60"', code: 'InvalidAmount' },
      { row: 20, field: ':61:', reason: 'must give the debit/credit mark C, D, RC or RD after the dates, not "X"', code: 'InvalidMark' },
    ]);
  });

  it('refuses a statement whose lines do not make its closing balance, with the figures and the difference', () => {
    const { statements, errors } = parseMt940(KNAB.replace(':62F:C140730EUR798,98', ':62F:C140730EUR789,98'));

    expect(statements).toHaveLength(1);
    expect(errors).toEqual([
      { row: 12, field: ':62F:', reason: 'statement B4G30MS9D00A003D/999/1: the opening balance 3058.98 plus its 2 lines (-2260.00) makes 798.98, but the closing balance is 789.98: they differ by -9.00', code: 'UnbalancedStatement' },
    ]);
  });

  it('dates an entry booked across a year end in the year nearest its value date', () => {
    const file = message(':20:YE2025', ':25:NL91ABNA0417164300', ':28C:1/1', ':60F:C251231EUR100,00', ':61:2512310102C10,00NTRFNONREF//R1', ':86:after new year', ':61:2601011231D5,00NMSCNONREF//R2', ':62F:C260102EUR105,00');

    const { statements, errors } = parseMt940(file);

    expect(errors).toEqual([]);
    expect(statements[0]!.account).toEqual({ iban: 'NL91ABNA0417164300' });
    expect(statements[0]!.lines.map((l) => [l.valueDate, l.bookingDate, l.amount, l.description])).toEqual([
      ['2025-12-31', '2026-01-02', '10.00', 'after new year'],
      ['2026-01-01', '2025-12-31', '-5.00', ''],
    ]);
  });

  it('signs reversals: RC takes money out, RD puts it back; a D balance is below zero', () => {
    const file = message(':20:REV', ':25:ABNANL2A/NL91ABNA0417164300', ':28C:7', ':60F:D260302SAR1000,00', ':61:260302RC250,00NTRFINV-1//B1', ':61:260302RDR40,5NCHGNONREF//B2', ':61:260302DR0,NMSCNONREF//B3', ':62F:D260302SAR1209,50');

    const { statements, errors } = parseMt940(file);

    expect(errors).toEqual([]);
    expect(statements[0]).toMatchObject({ statementId: 'REV/7', account: { iban: 'NL91ABNA0417164300' }, currency: 'SAR', openingBalance: { amount: '-1000.00' }, closingBalance: { amount: '-1209.50' } });
    expect(statements[0]!.lines.map((l) => [l.amount, l.reversal])).toEqual([
      ['-250.00', true],
      ['40.50', true],
      ['0.00', false],
    ]);
  });

  it('takes the customer reference when the bank gives none, and refuses a date that is no date and a foreign funds code', () => {
    const file = message(':20:REF', ':25:12345', ':28C:1', ':60F:C260301EUR0,', ':61:260301C1,NTRFCUST-77', ':61:260230C1,NTRFA//B', ':61:260301CD1,NTRFA//C', ':62F:C260301EUR3,');

    const { statements, errors } = parseMt940(file);

    expect(statements).toEqual([]);
    expect(errors).toEqual([
      { row: 6, field: ':61:', reason: 'must start with a valid value date YYMMDD, not "260230"', code: 'InvalidDate' },
      { row: 7, field: ':61:', reason: "has the funds code D, which is not of EUR, the statement's currency", code: 'CurrencyMismatch' },
    ]);
    const good = parseMt940(message(':20:REF', ':25:12345', ':28C:1', ':60F:C260301EUR0,', ':61:260301C1,NTRFCUST-77', ':62F:C260301EUR1,'));
    expect(good.statements[0]!.lines[0]!.bankReference).toBe('CUST-77');
  });

  it('refuses a file with no statement, and fields before the first :20:', () => {
    expect(parseMt940('hello\nworld\n')).toEqual({ statements: [], errors: [{ row: 0, field: ':20:', reason: 'is missing: the file holds no MT940 statement', code: 'InvalidStatement' }] });
    expect(parseMt940(`:25:123\n${KNAB}`).errors).toEqual([{ row: 1, field: ':25:', reason: 'comes before any :20:, where a statement starts', code: 'InvalidStatement' }]);
  });
});
