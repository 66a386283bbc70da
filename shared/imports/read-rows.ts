import { ValidationError } from '../errors.ts';
import { MAX_PERIODS } from '../financial-years/rules.ts';
import type { ImportFormat, RowError, RowImportKind as ImportKind } from './records.ts';
import type { TaxAccountsOf } from './saf-t/read-saf-t.ts';

/**
 * The rows of an import's payload, as text values by column (pure): a CSV string (RFC 4180,
 * header row, UTF-8 with or without BOM, read by csv-parse) or a JSON array of objects. Values
 * are trimmed; an empty value is a value not given.
 */
export interface SourceRow {
  /** 1-based data row of the file (the header row not counted; for JSON, the array position + 1). */
  row: number;
  values: Record<string, string>;
  /** A category a SAF-T file implies by its accounts' paths (its names are its code): a node at its place in the books is it, whatever its names. */
  implied?: true | undefined;
}

/** The columns (CSV) or fields (JSON) of each kind: those a row must give, and those it may. */
export const COLUMNS: Record<ImportKind, { required: readonly string[]; optional: readonly string[] }> = {
  accounts: { required: ['code', 'type', 'nameArabic', 'nameEnglish'], optional: ['parentPath', 'classification', 'currency', 'standardAccountCode', 'groupingCategory', 'groupingCode'] },
  costCenters: { required: ['code', 'nameArabic', 'nameEnglish'], optional: ['parentPath', 'active'] },
  openingBalances: { required: ['accountPath'], optional: ['costCenterPath', 'debit', 'credit'] },
  counterparties: { required: ['partyId', 'nameArabic', 'nameEnglish', 'country'], optional: ['taxRegistrationNumber', 'active'] },
  journals: { required: ['reference', 'date', 'accountPath', 'side', 'amount'], optional: ['postingDate', 'description', 'costCenterPath', 'currency', 'exchangeRate', 'taxCode', 'taxAmount', 'emirate', 'counterpartyId', 'amountsIncludeTax', 'attachmentIds'] },
  // One column per period, p1..pN for a year of N periods (budget-import.ts checks N).
  budgetLines: { required: ['accountPath'], optional: ['costCenterPath', ...Array.from({ length: MAX_PERIODS }, (_, k) => `p${k + 1}`)] },
};

/** Fields a JSON row may give as an array of strings too, read as the CSV cell that lists them (separated by spaces). */
const LIST_FIELDS = new Set(['attachmentIds']);

/** Most data rows one import takes; a larger history is several imports. */
export const MAX_IMPORT_ROWS = 100_000;

const known = (kind: ImportKind) => new Set([...COLUMNS[kind].required, ...COLUMNS[kind].optional]);

/**
 * The rows of the payload, and the problems of single rows (unknown or missing fields). A
 * payload that cannot be read at all is refused whole. Errors: ValidationError naming `data`
 * (InvalidCsv, UnknownColumn, MissingColumn, TooManyRows; a SAF-T file: saf-t/saf-t-xml.ts's).
 */
export async function readRows(kind: ImportKind, format: ImportFormat, data: unknown, taxAccountsOf?: TaxAccountsOf): Promise<{ rows: SourceRow[]; errors: RowError[]; paths?: ReadonlyMap<number, Record<string, string>> }> {
  if (format === 'saf-t') return safTRows(kind, String(data), taxAccountsOf);
  const { rows, errors } = format === 'csv' ? await csvRows(kind, String(data)) : jsonRows(kind, data as unknown[]);
  if (rows.length > MAX_IMPORT_ROWS) throw ValidationError.field('data', `has ${rows.length} data rows; an import takes at most ${MAX_IMPORT_ROWS} (split the file)`, 'TooManyRows');
  return { rows, errors: [...errors, ...missingValues(kind, rows)] };
}

/** A SAF-T Financial file's rows of the kind, each field's element path kept (its XML reader loads with the first SAF-T file). */
async function safTRows(kind: ImportKind, text: string, taxAccountsOf?: TaxAccountsOf): Promise<{ rows: SourceRow[]; errors: RowError[]; paths: ReadonlyMap<number, Record<string, string>> }> {
  const { readSafTParts } = await import('./saf-t/read-saf-t.ts');
  const read = (await readSafTParts([kind], text, taxAccountsOf))[0]!;
  if (read.rows.length > MAX_IMPORT_ROWS) throw ValidationError.field('data', `has ${read.rows.length} ${kind === 'journals' ? 'lines' : 'records'} of ${kind}; an import takes at most ${MAX_IMPORT_ROWS} (split the file by period)`, 'TooManyRows');
  return { ...read, errors: [...read.errors, ...missingValues(kind, read.rows)] };
}

/** The parts of a whole SAF-T file (kind `safT`), in the order they are written. */
export const SAF_T_PARTS = ['accounts', 'costCenters', 'counterparties', 'openingBalances', 'journals'] as const;
export type SafTPart = (typeof SAF_T_PARTS)[number];

/**
 * A whole SAF-T Financial file read once as the rows of each of its parts, numbered on from one
 * part to the next (the chart's accounts first, the journals' lines last), so a row and its
 * records' ids are the job's own whichever part holds them. Errors: as readRows for saf-t;
 * TooManyRows naming `data` past MAX_IMPORT_ROWS rows in all.
 */
export async function safTFileRows(text: string, taxAccountsOf?: TaxAccountsOf): Promise<Array<{ kind: SafTPart; rows: SourceRow[]; errors: RowError[]; paths: ReadonlyMap<number, Record<string, string>> }>> {
  const { readSafTParts } = await import('./saf-t/read-saf-t.ts');
  let offset = 0;
  const parts = (await readSafTParts(SAF_T_PARTS, text, taxAccountsOf)).map((read) => {
    const { kind } = read;
    const shift = (row: number) => (row === 0 ? 0 : row + offset);
    const rows = read.rows.map((r) => ({ ...r, row: shift(r.row) }));
    const errors = [...read.errors, ...missingValues(kind, read.rows)].map((e) => ({ ...e, row: shift(e.row) }));
    const paths = new Map([...read.paths].map(([row, p]) => [shift(row), p]));
    offset += read.rows.length;
    return { kind, rows, errors, paths };
  });
  if (offset > MAX_IMPORT_ROWS) throw ValidationError.field('data', `has ${offset} records and lines in all; an import takes at most ${MAX_IMPORT_ROWS} (split the file by period)`, 'TooManyRows');
  return parts;
}

async function csvRows(kind: ImportKind, text: string): Promise<{ rows: SourceRow[]; errors: RowError[] }> {
  // The CSV reader (30 KB) loads with the first CSV payload: a JSON import's request does without it.
  const { parse } = await import('csv-parse/sync');
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    const { message } = error as Error;
    throw ValidationError.field('data', `is not valid CSV: ${message}`, 'InvalidCsv');
  }
  const [header = [], ...body] = records;
  const columns = header.map((c) => c.trim());
  const unknown = columns.filter((c) => !known(kind).has(c));
  if (unknown.length > 0) throw ValidationError.field('data', `has unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => JSON.stringify(c)).join(', ')}; ${kind} take ${[...known(kind)].join(', ')}`, 'UnknownColumn');
  const missing = COLUMNS[kind].required.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw ValidationError.field('data', `lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (the first row names the columns)`, 'MissingColumn');
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice) throw ValidationError.field('data', `names the column ${twice} twice`, 'DuplicateColumn');
  const rows = body.map((record, i) => ({ row: i + 1, values: Object.fromEntries(columns.map((c, j) => [c, (record[j] ?? '').trim()]).filter(([, v]) => v !== '')) }));
  return { rows, errors: [] };
}

function jsonRows(kind: ImportKind, data: unknown[]): { rows: SourceRow[]; errors: RowError[] } {
  const rows: SourceRow[] = [];
  const errors: RowError[] = [];
  data.forEach((object, i) => {
    const row = i + 1;
    const values: Record<string, string> = {};
    if (!object || typeof object !== 'object' || Array.isArray(object)) {
      errors.push({ row, field: 'data', reason: 'must be an object of field values', code: 'ValidationError' });
      rows.push({ row, values });
      return;
    }
    for (const [field, value] of Object.entries(object)) {
      if (!known(kind).has(field)) errors.push({ row, field, reason: `is not a field of ${kind} (${[...known(kind)].join(', ')})`, code: 'UnknownField' });
      else if (value === null || value === undefined) continue;
      else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        const text = String(value).trim();
        if (text !== '') values[field] = text;
      } else if (LIST_FIELDS.has(field) && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
        const text = value.map((v) => v.trim()).join(' ').trim();
        if (text !== '') values[field] = text;
      } else errors.push({ row, field, reason: LIST_FIELDS.has(field) ? 'must be an array of strings, or a string' : 'must be a string, a number or a boolean', code: 'ValidationError' });
    }
    rows.push({ row, values });
  });
  return { rows, errors };
}

/** A row without a value its kind requires: one error per missing field. */
function missingValues(kind: ImportKind, rows: readonly SourceRow[]): RowError[] {
  return rows.flatMap(({ row, values }) => COLUMNS[kind].required.filter((c) => values[c] === undefined).map((field) => ({ row, field, reason: 'is required', code: 'Required' })));
}
