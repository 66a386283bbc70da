import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStatementFile } from '../../../shared/bank-statements/parse-statement-file.ts';
import { type ParseResult, STATEMENT_ERROR_CODES, type StatementFormat } from '../../../shared/bank-statements/records.ts';
import { sample } from './samples.ts';

/**
 * The samples damaged at random (cut short, a piece dropped, a character changed, text put in)
 * and random text: a parser never throws, every error has its shape, and every statement it
 * still returns balances. Seeded, so a failure repeats.
 */
const SAMPLES: [StatementFormat, string][] = [
  ['camt053', sample('camt053-two-statements.xml')],
  ['camt053', sample('camt053-kwd.xml')],
  ['mt940', sample('mt940js-test1.mt940')],
  ['mt940', sample('mt940js-testX.mt940')],
  ['csv', sample('csv-sar-debit-credit.csv')],
];
const CSV_OPTIONS = { statementId: 'S', account: { number: '1' }, currency: 'SAR', openingBalance: { amount: '84210.35', date: '2026-03-31' }, closingBalance: { amount: '95703.50', date: '2026-04-03' } };

const damage = (text: string) =>
  fc.oneof(
    fc.nat(text.length).map((at) => text.slice(0, at)),
    fc.tuple(fc.nat(text.length), fc.nat(40)).map(([at, n]) => text.slice(0, at) + text.slice(at + n)),
    fc.tuple(fc.nat(text.length - 1), fc.constantFrom('0', '9', ',', '.', '-', 'D', 'C', 'R', '<', '>', '/', ':', '"', '\n', ' ', 'x')).map(([at, c]) => text.slice(0, at) + c + text.slice(at + 1)),
    fc.tuple(fc.nat(text.length), fc.string({ maxLength: 30 })).map(([at, s]) => text.slice(0, at) + s + text.slice(at)),
  );

function expectWellFormed({ statements, errors }: ParseResult): void {
  for (const error of errors) {
    expect(Number.isInteger(error.row) && error.row >= 0, JSON.stringify(error)).toBe(true);
    expect(error.field.length > 0 && error.reason.length > 0, JSON.stringify(error)).toBe(true);
    expect(STATEMENT_ERROR_CODES).toContain(error.code);
  }
  for (const s of statements) {
    const total = s.lines.reduce((sum, line) => sum.plus(line.amount), new Big(s.openingBalance.amount));
    expect(total.eq(s.closingBalance.amount), s.statementId).toBe(true);
    for (const line of s.lines) expect(line.bankReference).not.toBe('');
  }
}

describe('damaged statement files', () => {
  it('are answered with errors or balanced statements, never a throw', async () => {
    for (const [format, text] of SAMPLES) {
      await fc.assert(
        fc.asyncProperty(damage(text), async (file) => expectWellFormed(await parseStatementFile(format, file, CSV_OPTIONS))),
        { seed: 20261129, numRuns: Number(process.env.PROPERTY_RUNS ?? 50) },
      );
    }
  });

  it('answers random text in every format', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<StatementFormat>('camt053', 'mt940', 'csv'), fc.string({ maxLength: 200, unit: 'binary' }), async (format, file) => expectWellFormed(await parseStatementFile(format, file, CSV_OPTIONS))),
      { seed: 20261129, numRuns: Number(process.env.PROPERTY_RUNS ?? 100) },
    );
  });
});
