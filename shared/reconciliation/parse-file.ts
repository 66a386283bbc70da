import { parseStatementFile } from '../bank-statements/parse-statement-file.ts';
import type { ImportFormat, CsvStatement } from '../imports/records.ts';
import type { ParsedFile } from './statement-import.ts';

/**
 * A statement file as the import plans it (statement-import.ts): the parsers' statements (each
 * with its first row; bank-statements/ leaves out a statement with any error, naming it in
 * the errors) and their errors. `currency`: a CSV statement's, the bank account's.
 */
export async function parsedBankFile(format: ImportFormat, text: string, statement: CsvStatement | undefined, currency: string | undefined): Promise<ParsedFile> {
  const parsed = format === 'csv' ? await parseStatementFile('csv', text, statement && { ...statement, account: {}, currency: currency ?? '' }) : await parseStatementFile(format === 'camt053' ? 'camt053' : 'mt940', text);
  return {
    // A statement's lines come in file order: its first line is its first row.
    statements: parsed.statements.map((s) => ({ ...s, rows: { first: s.lines[0]?.source.row ?? 0 } })),
    errors: parsed.errors,
  };
}
