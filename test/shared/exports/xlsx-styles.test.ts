import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ByteSink } from '../../../shared/exports/byte-sink.ts';
import { writeFile } from '../../../shared/exports/render.ts';
import type { ReportTable, TableRow } from '../../../shared/exports/table.ts';

/**
 * Cells share style objects (one per number format or value type) except in bold and indented
 * rows, whose styles exceljs sets by changing the cells' objects: each row still reads back with
 * its own formats, bold and indent, however the kinds of rows follow one another.
 */
describe('XLSX cell styles', () => {
  it('keeps each row’s number formats, bold and indent when plain, bold and indented rows alternate', async () => {
    const plain = (n: number): TableRow => ({ cells: [{ date: `2026-03-0${n}` }, n, `line ${n}`, { amount: `${n}.50`, decimals: 2 }, { amount: `${n}.125`, decimals: 3 }, null], date: `2026-03-0${n}` });
    const rows: TableRow[] = [
      plain(1),
      { cells: ['', null, 'Total', { amount: '1.50', decimals: 2 }, null, ''], bold: true },
      plain(2),
      { cells: ['', null, 'Cash', { amount: '2.50', decimals: 2 }, { amount: '0.000', decimals: 3 }, ''], level: 2 },
      plain(3),
      { cells: ['', null, 'Assets', { amount: '3.50', decimals: 2 }, null, ''], level: 1, bold: true },
      plain(4),
    ];
    const table: ReportTable = { sheet: 'S', fileName: 's', rightToLeft: false, indentColumn: 2, columns: ['a', 'b', 'c', 'd', 'e', 'f'].map((header) => ({ header, width: 10 })), rows: (async function* () { yield* rows; })() };
    const sink = new ByteSink(Number.POSITIVE_INFINITY);
    await writeFile(table, 'xlsx', sink, { lines: 100, bytes: 2 ** 20 });

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sink.contents() as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const read = rows.map((_, i) => {
      const row = sheet.getRow(i + 2);
      return [1, 2, 3, 4, 5].map((c) => {
        const cell = row.getCell(c);
        return [cell.numFmt ?? '', cell.font?.bold ?? false, cell.alignment?.indent ?? 0];
      });
    });

    const plainRead = [['yyyy-mm-dd', false, 0], ['', false, 0], ['', false, 0], ['#,##0.00', false, 0], ['#,##0.000', false, 0]];
    expect(read[0]).toEqual(plainRead);
    expect(read[1]).toEqual([['', true, 0], ['', true, 0], ['', true, 0], ['#,##0.00', true, 0], ['', true, 0]]);
    expect(read[2]).toEqual(plainRead);
    expect(read[3]).toEqual([['', false, 0], ['', false, 0], ['', false, 2], ['#,##0.00', false, 0], ['#,##0.000', false, 0]]);
    expect(read[4]).toEqual(plainRead);
    expect(read[5]).toEqual([['', true, 0], ['', true, 0], ['', true, 1], ['#,##0.00', true, 0], ['', true, 0]]);
    expect(read[6]).toEqual(plainRead);
  });
});
