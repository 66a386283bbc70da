import { stringify } from 'csv-stringify/sync';
import type { ByteSink } from './byte-sink.ts';
import type { RowLimits } from './row-limits.ts';
import { wellFormedText } from '../text/well-formed.ts';
import type { Cell, ReportTable, TableRow } from './table.ts';

/** UTF-8's byte order mark: spreadsheet programs then read Arabic names as UTF-8. */
const BOM = '\uFEFF';

/**
 * Writes a table as CSV (RFC 4180, csv-stringify): the byte order mark, one header row, then
 * one line per row. Amounts are plain decimals exactly as the report gives them (at the
 * currency's precision), dates YYYY-MM-DD; levels and bold have no CSV form; text that a
 * spreadsheet would take for a formula starts with an apostrophe. Each line is
 * written to the sink as it is made, so the byte cap is checked line by line.
 */
export async function writeCsv(table: ReportTable, sink: ByteSink, limits: RowLimits): Promise<void> {
  sink.writeText(`${BOM}${line(table.columns.map((c) => wellFormedText(c.header)))}`);
  const width = table.columns.length;
  // Every record as wide as the header (a heading row names only its section).
  for await (const row of limits.rows(table.rows)) sink.writeText(line(Array.from({ length: width }, (_, i) => csvValue(row.cells[i] ?? null))));
  limits.finish();
}

/**
 * Writes records of any width, each as wide as its cells, with no header row and no byte order
 * mark: a file of several sections, each with its own markers, header and totals (the FTA audit
 * file), for a program that reads its first field as written. Quoting, the formula guard and
 * the limits are writeCsv's.
 */
export async function writeCsvRecords(rows: AsyncIterable<TableRow>, sink: ByteSink, limits: RowLimits): Promise<void> {
  for await (const row of limits.rows(rows)) sink.writeText(line(row.cells.map(csvValue)));
  limits.finish();
}

const line = (values: Array<string | number>) => stringify([values], { eof: true, record_delimiter: 'windows' });

/** Text a spreadsheet would run as a formula (OWASP's CSV injection list): kept as text by a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvValue(cell: Cell): string | number {
  if (cell === null) return '';
  if (typeof cell === 'object') return 'amount' in cell ? cell.amount : cell.date;
  if (typeof cell === 'number') return cell;
  // A lone surrogate has no UTF-8 form: U+FFFD in its place, as a decoder would show it.
  const text = wellFormedText(cell);
  return FORMULA_START.test(text) ? `'${text}` : text;
}
