import { FileBody } from './file-body.ts';
import { ByteSink } from './byte-sink.ts';
import { writeCsv } from './csv.ts';
import { MEDIA_TYPES } from './formats.ts';
import type { ExportLimits } from './limits.ts';
import { RowLimits } from './row-limits.ts';
import type { ReportTable } from './table.ts';
import { writeXlsx } from './xlsx.ts';

export type FileFormat = 'csv' | 'xlsx';

const CONTENT_TYPES: Record<FileFormat, string> = { csv: `${MEDIA_TYPES.csv}; charset=utf-8`, xlsx: MEDIA_TYPES.xlsx };

/**
 * Renders a table as a file within the limits; `dateFrom` is the start of the range a ledger or
 * journal export covers, for the 413's narrower range. Errors: ExportTooLarge.
 */
export async function renderFile(table: ReportTable, format: FileFormat, limits: ExportLimits, dateFrom?: string): Promise<FileBody> {
  const sink = new ByteSink(limits.bytes);
  await writeFile(table, format, sink, limits, dateFrom);
  return new FileBody(sink.contents(), CONTENT_TYPES[format], `${table.fileName}.${format}`);
}

/** Writes the table into a sink (the bench passes one that only counts). */
export function writeFile(table: ReportTable, format: FileFormat, sink: ByteSink, limits: ExportLimits, dateFrom?: string): Promise<void> {
  const rowLimits = new RowLimits(sink, limits, dateFrom);
  return format === 'csv' ? writeCsv(table, sink, rowLimits) : writeXlsx(table, sink, rowLimits);
}
