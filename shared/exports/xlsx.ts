import type { Worksheet } from 'exceljs';
import type { ByteSink } from './byte-sink.ts';
import type { RowLimits } from './row-limits.ts';
import type { Cell, ReportTable, TableRow } from './table.ts';
import { xmlText } from './xml-text.ts';

/** Excel's number format for an amount at `decimals` places, with thousands separators. */
const numberFormat = (decimals: number) => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');
const DATE_FORMAT = 'yyyy-mm-dd';

/**
 * Writes a table as one worksheet of an XLSX workbook with exceljs's streaming writer: each row
 * is committed as it is written, so memory stays flat however long the table (no shared
 * strings). Amounts are numbers in the currency's format, dates are dates, a row's tree level
 * is the indentation of the table's `indentColumn` (the account name), totals and headings are bold, the header row is frozen,
 * and an Arabic table reads right to left. Every text written (sheet name, headers, cells) goes
 * through xmlText, so the parts are well-formed XML whatever the books hold. exceljs is imported
 * on the first XLSX export only, so a JSON request never loads it.
 */
export async function writeXlsx(table: ReportTable, sink: ByteSink, limits: RowLimits): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(xmlText(table.sheet), { views: [{ state: 'frozen', ySplit: 1, rightToLeft: table.rightToLeft }] });
  sheet.columns = table.columns.map((c) => ({ header: xmlText(c.header), width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const styles = sharedStyles();
  for await (const row of limits.rows(table.rows)) addRow(sheet, row, table.indentColumn, styles);
  sheet.commit();
  await workbook.commit();
  limits.finish();
}

function addRow(sheet: Worksheet, row: TableRow, indentColumn: number | undefined, styles: SharedStyles): void {
  const added = sheet.addRow(row.cells.map(value));
  const indented = Boolean(row.level && indentColumn !== undefined);
  // exceljs makes a row bold, and a cell indented, by changing the cells' style objects: those rows keep objects of their own.
  const shared = !row.bold && !indented;
  row.cells.forEach((cell, i) => {
    const format = cell === null || typeof cell !== 'object' ? undefined : 'amount' in cell ? numberFormat(cell.decimals) : DATE_FORMAT;
    const target = added.getCell(i + 1);
    if (shared) target.style = format ? styles.formatted(format) : styles.plain(target.type);
    else if (format) target.numFmt = format;
  });
  if (indented) added.getCell(indentColumn! + 1).alignment = { indent: row.level! };
  if (row.bold) added.font = { bold: true };
  added.commit();
}

type SharedStyles = ReturnType<typeof sharedStyles>;

/**
 * Style objects shared by the cells of one workbook: one per number format, and one
 * per value type for a cell without a format (exceljs gives a number without a format 'General'
 * and a string none). exceljs works out a style's index in the workbook once per style object it
 * has not seen (the rest is a WeakMap hit); with an object of its own in every cell it did so for
 * every cell, most of the time an XLSX file took to write. The styles written are the same.
 */
function sharedStyles() {
  const formatted = new Map<string, { numFmt: string }>();
  const plain = new Map<number, object>();
  return {
    formatted(numFmt: string) {
      let style = formatted.get(numFmt);
      if (!style) formatted.set(numFmt, (style = { numFmt }));
      return style;
    },
    plain(type: number) {
      let style = plain.get(type);
      if (!style) plain.set(type, (style = {}));
      return style;
    },
  };
}

function value(cell: Cell): string | number | Date | null {
  if (cell === '') return null;
  if (typeof cell === 'string') return xmlText(cell);
  if (cell === null || typeof cell !== 'object') return cell;
  if ('amount' in cell) return spreadsheetNumber(cell.amount);
  return new Date(`${cell.date}T00:00:00Z`);
}

/**
 * An amount as a spreadsheet number when a double holds it exactly (at most 15 significant
 * digits), else as its decimal text: a file never shows a figure other than the report's.
 */
function spreadsheetNumber(text: string): number | string {
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  return digits.length <= 15 ? Number(text) : text;
}
