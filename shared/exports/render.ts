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
}

/**
 * Renders a table as a file within the limits; `dateFrom` is the start of the range a ledger or
 * journal export covers, for the 413's narrower range. The file's name ends with its language
 * (`trial-balance_2026-01-01_2026-12-31_ar.xlsx`), so the Arabic and the English file of one
 * report can sit side by side in a folder. With `hijri`, the table gets its Hijri columns and
 * headers first, whatever the report (hijri-columns.ts). Errors: ExportTooLarge.
 */
export async function renderFile(table: ReportTable, { format, language, hijri, limits }: FileRendering, dateFrom?: string): Promise<FileBody> {
  const sink = new ByteSink(limits.bytes);
  await writeFile(hijri ? withHijriColumns(table, language) : table, format, sink, limits, dateFrom);
  return new FileBody(sink.contents(), CONTENT_TYPES[format], `${table.fileName}_${language}.${format}`);
}

/**
 * Writes the table into a sink (the bench passes one that only counts). The writers are loaded
 * on this path only (a chunk of their own in a bundled function): a JSON answer never loads them.
 */
export async function writeFile(table: ReportTable, format: FileFormat, sink: ByteSink, limits: ExportLimits, dateFrom?: string): Promise<void> {
  const rowLimits = new RowLimits(sink, limits, dateFrom);
  if (format === 'csv') return (await import('./csv.ts')).writeCsv(table, sink, rowLimits);
  return (await import('./xlsx.ts')).writeXlsx(table, sink, rowLimits);
}
