import { FileBody } from './file-body.ts';
import { ByteSink } from './byte-sink.ts';
import { MEDIA_TYPES } from './formats.ts';
import { withHijriColumns } from './hijri-columns.ts';
import type { ExportLimits } from './limits.ts';
import { RowLimits } from './row-limits.ts';
import type { Language, ReportTable } from './table.ts';

export type FileFormat = 'csv' | 'xlsx';

const CONTENT_TYPES: Record<FileFormat, string> = { csv: `${MEDIA_TYPES.csv}; charset=utf-8`, xlsx: MEDIA_TYPES.xlsx };

/** How a file is written: its format, the language of its names and headers, whether it shows Hijri dates, and the limits it must fit. */
export interface FileRendering {
  format: FileFormat;
  language: Language;
  /** The Umm al-Qura dates beside the Gregorian ones (hijri-columns.ts); left out, none. */
  hijri?: boolean | undefined;
  limits: ExportLimits;
  /** Where the file goes; left out, it is kept whole for the response. */
  output?: FileOutput | undefined;
}

/**
 * Where a file is written when it is not answered whole: an export job's object in storage
 * (db/documents/export-objects.ts), streamed as it is written so memory stays bounded.
 */
export interface FileOutput {
  /** The file's sink: it counts the bytes (ByteSink's cap) and sends them on. */
  open(fileName: string, contentType: string, cap: number): ByteSink;
  /** The file written whole: `rows` below its header. Errors: the storage's. */
  close(sink: ByteSink, rows: number): Promise<void>;
}

/**
 * Renders a table as a file within the limits; `dateFrom` is the start of the range a ledger or
 * journal export covers, for the 413's narrower range. The file's name ends with its language
 * (`trial-balance_2026-01-01_2026-12-31_ar.xlsx`), so the Arabic and the English file of one
 * report can sit side by side in a folder. With `hijri`, the table gets its Hijri columns and
 * headers first, whatever the report (hijri-columns.ts). With `output`, the file goes there as
 * it is written and the body answered is empty. Errors: ExportTooLarge.
 */
export async function renderFile(table: ReportTable, { format, language, hijri, limits, output }: FileRendering, dateFrom?: string): Promise<FileBody> {
  const fileName = `${table.fileName}_${language}.${format}`;
  const sink = output ? output.open(fileName, CONTENT_TYPES[format], limits.bytes) : new ByteSink(limits.bytes);
  const rows = await writeFile(hijri ? withHijriColumns(table, language) : table, format, sink, limits, dateFrom);
  await output?.close(sink, rows);
  return new FileBody(sink.contents(), CONTENT_TYPES[format], fileName);
}

/**
 * Writes the table into a sink (the bench passes one that only counts) and answers how many rows
 * it wrote below the header. The writers are loaded on this path only (a chunk of their own in a
 * bundled function): a JSON answer never loads them.
 */
export async function writeFile(table: ReportTable, format: FileFormat, sink: ByteSink, limits: ExportLimits, dateFrom?: string): Promise<number> {
  const rowLimits = new RowLimits(sink, limits, dateFrom);
  if (format === 'csv') await (await import('./csv.ts')).writeCsv(table, sink, rowLimits);
  else await (await import('./xlsx.ts')).writeXlsx(table, sink, rowLimits);
  return rowLimits.rowsWritten;
}
