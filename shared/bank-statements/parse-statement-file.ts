import type { CsvStatementOptions } from './csv-statement.ts';
import type { ParseResult, StatementFormat } from './records.ts';

/**
 * A bank's statement file in any of the formats taken, as its statements (pure). Each parser,
 * with its reader (fast-xml-parser, csv-parse), loads only when a file of its format comes, so a
 * handler that imports this carries none of them at start.
 */
export async function parseStatementFile(format: StatementFormat, file: string, csvOptions?: CsvStatementOptions): Promise<ParseResult> {
  if (format === 'camt053') return (await import('./camt053.ts')).parseCamt053(file);
  if (format === 'mt940') return (await import('./mt940.ts')).parseMt940(file);
  if (format === 'csv' && csvOptions) return (await import('./csv-statement.ts')).parseCsvStatement(file, csvOptions);
  const reason = format === 'csv' ? 'must be given for a CSV statement: its id, account, currency and balances, which the file lacks' : `must be camt053, mt940 or csv, not ${JSON.stringify(format)}`;
  return { statements: [], errors: [{ row: 0, field: format === 'csv' ? 'csvOptions' : 'format', reason, code: 'InvalidStatement' }] };
}
