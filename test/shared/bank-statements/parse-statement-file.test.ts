import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { parseStatementFile } from '../../../shared/bank-statements/parse-statement-file.ts';
import { MAX_FILE_BYTES, MAX_STATEMENT_LINES, type ParseResult } from '../../../shared/bank-statements/records.ts';
import { sample } from './samples.ts';

/** Line i's amount in cents: varied, money in and out (about one line in three goes out). */
const cents = (i: number) => ((i * 7919) % 250_000) * (i % 3 === 0 ? -1 : 1);
const decimal = (c: number) => new Big(c).div(100).toFixed(2);
/** The closing balance of lines [from, to) after an opening balance, summed here on its own. */
const closingAfter = (opening: string, from: number, to: number) => Array.from({ length: to - from }, (_, k) => new Big(cents(from + k)).div(100)).reduce((a, b) => a.plus(b), new Big(opening)).toFixed(2);

/** Two statements of `lines` lines in all (the first of 6,000), each as one format writes it. */
function split(lines: number): [number, number][] {
  return [
    [0, Math.min(6000, lines)],
    [Math.min(6000, lines), lines],
  ];
}

function camt(lines: number): string {
  const statements = split(lines).map(([from, to], k) => {
    const opening = k === 0 ? '1000.00' : closingAfter('1000.00', 0, from);
    const closing = closingAfter(opening, from, to);
    const bal = (code: string, amount: string) => `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount.replace('-', '')}</Amt><CdtDbtInd>${amount.startsWith('-') ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>2026-03-02</Dt></Dt></Bal>`;
    const entries = Array.from({ length: to - from }, (_, j) => {
      const c = cents(from + j);
      return `<Ntry><Amt Ccy="EUR">${decimal(Math.abs(c))}</Amt><CdtDbtInd>${c < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt><AcctSvcrRef>R${from + j}</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Ustrd>Invoice ${from + j}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    });
    return `<Stmt><Id>S${k + 1}</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>${bal('OPBD', opening)}${bal('CLBD', closing)}\n${entries.join('\n')}\n</Stmt>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>BIG</MsgId><CreDtTm>2026-03-02T22:00:00</CreDtTm></GrpHdr>\n${statements.join('\n')}\n</BkToCstmrStmt></Document>\n`;
}

function mt940(lines: number): string {
  const swift = (amount: string) => `${amount.startsWith('-') ? 'D' : 'C'}260302EUR${amount.replace('-', '').replace('.', ',')}`;
  return split(lines)
    .map(([from, to], k) => {
      const opening = k === 0 ? '1000.00' : closingAfter('1000.00', 0, from);
      const body = Array.from({ length: to - from }, (_, j) => {
        const c = cents(from + j);
        return `:61:2603020302${c < 0 ? 'D' : 'C'}${decimal(Math.abs(c)).replace('.', ',')}NTRFNONREF//R${from + j}\r\n:86:Invoice ${from + j}`;
      });
      return [`{1:F01BANKDEFFAXXX0000000000}{2:I940BANKDEFFXXXXN}{4:`, `:20:BIG${k + 1}`, ':25:DE89370400440532013000', `:28C:${k + 1}/1`, `:60F:${swift(opening)}`, ...body, `:62F:${swift(closingAfter(opening, from, to))}`, '-}'].join('\r\n');
    })
    .join('\r\n');
}

function csv(lines: number): string {
  const rows = Array.from({ length: lines }, (_, i) => `2026-03-02,${decimal(cents(i))},R${i},Invoice ${i}`);
  return ['bookingDate,amount,bankReference,description', ...rows].join('\r\n');
}

const csvOptions = (lines: number) => ({ statementId: 'BIG', account: { number: '42' }, currency: 'EUR', openingBalance: { amount: '1000.00', date: '2026-03-01' }, closingBalance: { amount: closingAfter('1000.00', 0, lines), date: '2026-03-02' } });

const summary = ({ statements, errors }: ParseResult) => ({
  errors,
  lines: statements.reduce((n, s) => n + s.lines.length, 0),
  closing: statements.at(-1)?.closingBalance.amount,
  references: new Set(statements.flatMap((s) => s.lines.map((l) => l.bankReference))).size,
});

describe('statement files in any format', () => {
  it('parses a file of 10,000 lines in each format, every line kept and each statement balanced', async () => {
    const closing = closingAfter('1000.00', 0, MAX_STATEMENT_LINES);
    const [xml, swift, text] = [camt(MAX_STATEMENT_LINES), mt940(MAX_STATEMENT_LINES), csv(MAX_STATEMENT_LINES)];
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(MAX_FILE_BYTES);

    const results = [await parseStatementFile('camt053', xml), await parseStatementFile('mt940', swift), await parseStatementFile('csv', text, csvOptions(MAX_STATEMENT_LINES))];

    for (const result of results) expect(summary(result)).toEqual({ errors: [], lines: MAX_STATEMENT_LINES, closing, references: MAX_STATEMENT_LINES });
    expect(results.map((r) => r.statements.length)).toEqual([2, 2, 1]);
    // The last line's row: its entry's ordinal (camt.053); its line of the file (MT940: the first message's 12,007 lines,
    // then the envelope and four fields, 3,999 lines of two, and its :61:; CSV: after the header).
    expect(results.map((r) => r.statements.at(-1)!.lines.at(-1)!.source.row)).toEqual([10_000, 12_007 + 5 + 2 * 3_999 + 1, 10_001]);
  });

  it('refuses a file of more lines than that, and one larger than 5 MiB, whole at row 0', async () => {
    const lines = MAX_STATEMENT_LINES + 1;
    const huge = `:20:X\r\n:86:${'x'.repeat(MAX_FILE_BYTES)}`;

    for (const result of [await parseStatementFile('camt053', camt(lines)), await parseStatementFile('mt940', mt940(lines)), await parseStatementFile('csv', csv(lines), csvOptions(lines))]) {
      expect(result).toEqual({ statements: [], errors: [{ row: 0, field: 'file', reason: `holds ${lines} statement lines; a file takes at most ${MAX_STATEMENT_LINES}: split it`, code: 'TooManyLines' }] });
    }
    for (const format of ['camt053', 'mt940', 'csv'] as const) {
      expect(await parseStatementFile(format, huge, csvOptions(0))).toEqual({ statements: [], errors: [{ row: 0, field: 'file', reason: expect.stringMatching(/^is \d+ bytes; a statement file takes at most 5242880/), code: 'TooLarge' }] });
    }
  });

  it('hands each format to its parser, and asks a CSV file for the facts it lacks', async () => {
    expect((await parseStatementFile('camt053', sample('camt053-kwd.xml'))).statements[0]!.statementId).toBe('KW-1234560101-20260315');
    expect((await parseStatementFile('mt940', sample('mt940js-test1.mt940'))).statements).toHaveLength(2);
    expect(await parseStatementFile('csv', sample('csv-sar-debit-credit.csv'))).toEqual({ statements: [], errors: [{ row: 0, field: 'csvOptions', reason: expect.stringContaining('must be given for a CSV statement'), code: 'InvalidStatement' }] });
    expect((await parseStatementFile('ofx' as never, '')).errors).toEqual([{ row: 0, field: 'format', reason: 'must be camt053, mt940 or csv, not "ofx"', code: 'InvalidStatement' }]);
  });
});
