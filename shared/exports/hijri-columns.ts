import { hijriDate } from './hijri.ts';
import { label } from './labels.ts';
import type { Cell, Language, ReportTable, TableColumn, TableRow } from './table.ts';

/** A date or a date-time's calendar date as written (a journal's date in its own offset, as its accounting date is). */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * A table as a file asked with `hijri=true` shows it, pure: beside each date column (`date`)
 * a column of the same header with " (Hijri)" / " (هجري)" holding each date's Umm al-Qura date
 * as text (a date cell would be read as Gregorian), empty where the date is; and each header
 * naming dates (`headerDates`) followed by their Hijri form. Rows stream through as the
 * renderer pulls them. A table without either is returned as it is.
 */
export function withHijriColumns(table: ReportTable, language: Language): ReportTable {
  const word = label('hijri', language);
  const columns = table.columns.flatMap((column): TableColumn[] => {
    const shown = column.headerDates ? { ...column, header: `${column.header} (${word} ${column.headerDates.map(hijriDate).join(' – ')})` } : column;
    return column.date ? [shown, { header: `${column.header} (${word})`, width: 12 }] : [shown];
  });
  const dated = table.columns.flatMap((column, i) => (column.date ? [i] : []));
  if (dated.length === 0) return { ...table, columns };
  const before = (index: number) => dated.filter((i) => i < index).length;
  return { ...table, columns, ...(table.indentColumn === undefined ? {} : { indentColumn: table.indentColumn + before(table.indentColumn) }), rows: hijriRows(table.rows, new Set(dated)) };
}

async function* hijriRows(rows: ReportTable['rows'], dated: ReadonlySet<number>): AsyncGenerator<TableRow> {
  for await (const row of rows) yield { ...row, cells: row.cells.flatMap((cell, i) => (dated.has(i) ? [cell, hijriCell(cell)] : [cell])) };
}

function hijriCell(cell: Cell): Cell {
  const date = cell !== null && typeof cell === 'object' ? ('date' in cell ? cell.date : undefined) : typeof cell === 'string' ? CALENDAR_DATE.exec(cell)?.[0] : undefined;
  return date ? hijriDate(date) : null;
}
