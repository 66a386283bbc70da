import type { StatementError } from './records.ts';

/**
 * The columns of a CSV statement (pure), named in its header row in any case: the booking date,
 * the bank's reference, and the amount either signed in one column or as debit and credit
 * columns. Unknown, missing and repeated columns are refused, each named, as the imports'
 * CSV refuses them (shared/imports/read-rows.ts).
 */
export const CSV_COLUMNS = ['bookingDate', 'valueDate', 'amount', 'debit', 'credit', 'bankReference', 'description', 'counterparty'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

const BY_LOWER_CASE = new Map<string, CsvColumn>(CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
const HEADER_ROW = 1;

/** The column each header cell names, or the errors of the header. */
export function csvColumns(header: readonly string[]): { columns: CsvColumn[] } | { errors: StatementError[] } {
  const errors: StatementError[] = [];
  const fail = (field: string, reason: string, code: StatementError['code']) => errors.push({ row: HEADER_ROW, field, reason, code });
  const columns: CsvColumn[] = [];
  for (const [index, cell] of header.map((c) => c.trim()).entries()) {
    const column = BY_LOWER_CASE.get(cell.toLowerCase());
    if (cell === '') fail(`column ${index + 1}`, 'has no name: the first row names each column', 'UnknownColumn');
    else if (!column) fail(cell, `is not a column of a CSV statement (${CSV_COLUMNS.join(', ')})`, 'UnknownColumn');
    else if (columns.includes(column)) fail(cell, `names the column ${column} twice`, 'DuplicateColumn');
    else columns.push(column);
  }
  for (const column of ['bookingDate', 'bankReference'] as const) if (!columns.includes(column)) fail(column, 'is missing (the first row names the columns)', 'MissingColumn');
  const [amount, debit, credit] = (['amount', 'debit', 'credit'] as const).map((c) => columns.includes(c));
  if (amount && (debit || credit)) fail('amount', 'is given twice: give a signed amount column, or debit and credit columns, not both', 'DuplicateColumn');
  else if (!amount && !debit && !credit) fail('amount', 'is missing: give a signed amount column, or debit and credit columns', 'MissingColumn');
  else if (!amount && !(debit && credit)) fail(debit ? 'credit' : 'debit', `is missing: a ${debit ? 'debit' : 'credit'} column comes with a ${debit ? 'credit' : 'debit'} column`, 'MissingColumn');
  return errors.length > 0 ? { errors } : { columns };
}
