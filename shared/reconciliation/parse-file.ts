import { parseStatementFile } from '../bank-statements/parse-statement-file.ts';
import type { ImportFormat, CsvStatement } from '../imports/records.ts';
import type { ParsedFile } from './statement-import.ts';

/**
 * A statement file as the import plans it (statement-import.ts): the parsers' statements (each
 * with the rows it spans; bank-statements/ leaves out a statement with any error, naming it in
 * the errors) and their errors. `currency`: a CSV statement's, the bank account's.
 */
export async function parsedBankFile(format: ImportFormat, text: string, statement: CsvStatement | undefined, currency: string | undefined): Promise<ParsedFile> {
  const parsed = format === 'csv' ? await parseStatementFile('csv', text, statement && { ...statement, account: {}, currency: currency ?? '' }) : await parseStatementFile(format === 'camt053' ? 'camt053' : 'mt940', text);
  return {
    statements: parsed.statements.map((s) => {
      const rows = s.lines.map((l) => l.source.row);
      return { ...s, rows: { first: rows.length > 0 ? Math.min(...rows) : 0, last: rows.length > 0 ? Math.max(...rows) : 0 } };
    }),
    errors: parsed.errors,
  };
}
