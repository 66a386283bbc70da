import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';

/** A file answer as a user's program reads it: raw bytes with the response's headers. */
export interface FileResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** GET with a bearer token, keeping the body as bytes (an export). */
export async function getFile(baseUrl: string, token: string, path: string, headers: Record<string, string> = {}): Promise<FileResponse> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A CSV export's rows as csv-parse reads them (the byte order mark checked and dropped). */
export function csvRows(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  if (!text.startsWith('\uFEFF')) throw new Error('no UTF-8 byte order mark');
  return parse(text.slice(1), { relax_column_count: false }) as string[][];
}

/**
 * Checks that every XML part of an XLSX file (each `.xml` and `.rels` in the zip) is UTF-8 and
 * well-formed XML 1.0 by a strict parser (saxes, which exceljs itself reads with: it refuses
 * characters XML cannot hold). Throws naming the part and the parser's error; answers the parts' names.
 */
export async function checkXlsxParts(bytes: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = Object.keys(zip.files).filter((name) => /\.(xml|rels)$/.test(name));
  for (const name of parts) {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(await zip.file(name)!.async('uint8array'));
    const parser = new SaxesParser({ xmlns: true });
    let error: Error | undefined;
    parser.on('error', (e) => (error ??= e));
    parser.write(text).close();
    if (error) throw new Error(`${name} is not well-formed XML: ${error.message}`);
  }
  return parts;
}

/** An XLSX export's one worksheet, as exceljs reads the workbook, its XML parts checked well-formed first. */
export async function xlsxSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  await checkXlsxParts(bytes);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  if (workbook.worksheets.length !== 1) throw new Error(`${workbook.worksheets.length} worksheets`);
  return workbook.worksheets[0]!;
}

/** A worksheet's cell values, row by row (exceljs numbers stay numbers, dates dates). */
export function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values: unknown[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) values.push(row.getCell(c).value ?? null);
    rows.push(values);
  });
  return rows;
}
