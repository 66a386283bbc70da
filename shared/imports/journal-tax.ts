import type { AccountAttributes } from '../accounts/records.ts';
import type { SettingsRecord } from '../companies/records.ts';
import type { CounterpartyRecord } from '../counterparties/records.ts';
import { AppError } from '../errors.ts';
import type { TaxedEntry } from '../journals/line-tax.ts';
import { checkCounterparties, namesTax, withTax, type TaxReads, type TaxSettings } from '../journals/resolve-lines.ts';
import type { Line } from '../journals/rules.ts';
import { Uuid } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';
import { TaxCodeText } from '../schemas/tax-code.ts';
import { EMIRATES } from '../schemas/tax-registration-values.ts';
import * as z from '../schemas/zod.ts';
import type { TaxCodeRecord } from '../tax-codes/records.ts';
import type { ChartIndex } from './chart-index.ts';
import type { SourceRow } from './read-rows.ts';
import { BooleanField, type RowFields } from './row-fields.ts';
import type { ImportWork } from './store.ts';

/**
 * The tax of a journals import's lines, by the journals' own rules: a row's `taxCode`,
 * `taxAmount`, `emirate` and `counterpartyId` are a line's fields of the same names, the
 * journal's `amountsIncludeTax` its rows' (one value per journal). Counterparties are checked
 * row by row and each journal's lines are taxed as Create taxes them (journals/resolve-lines.ts
 * checkCounterparties and withTax, the tax rules loading only for a file that names tax), their
 * errors put on the row and column of the line they name. The codes and counterparties the file
 * names are read once for the job.
 */
export interface ImportTax {
  companyId: string;
  settings: Omit<TaxSettings, 'date' | 'amountsIncludeTax'>;
  reads: TaxReads;
  counterparties: ReadonlyMap<string, CounterpartyRecord>;
}

/** What a row says of its line's tax and counterparty, and of its journal's amounts. */
export interface RowTax {
  tax: TaxedEntry;
  counterpartyId?: string | undefined;
  amountsIncludeTax?: boolean | undefined;
}

/** The fields' schemas, the API's own, built once (a file has up to 100,000 rows). */
const Fields = /* @__PURE__ */ lazy(() => ({
  taxCode: TaxCodeText(),
  emirate: z.enum(EMIRATES, { error: `must be one of ${EMIRATES.join(', ')}` }),
  counterpartyId: Uuid(),
  amountsIncludeTax: BooleanField(),
}));

/** The distinct values of a column that its schema takes (a value it refuses is its row's error, never read). */
function named(rows: readonly SourceRow[], column: string, schema: z.ZodMiniType<string>): string[] {
  const values = new Set<string>();
  for (const { values: row } of rows) {
    const parsed = row[column] === undefined ? undefined : schema.safeParse(row[column]);
    if (parsed?.success) values.add(parsed.data);
  }
  return [...values];
}

/** The codes and counterparties the file names, read once (none for a file naming none), and the settings tax follows. */
export async function importTax(work: Pick<ImportWork, 'taxCodes' | 'counterparties'>, companyId: string, settings: SettingsRecord, rows: readonly SourceRow[], accounts: ChartIndex<AccountAttributes>): Promise<ImportTax> {
  const schemas = Fields();
  const codes = named(rows, 'taxCode', schemas.taxCode);
  const counterpartyIds = named(rows, 'counterpartyId', schemas.counterpartyId);
  const [codeRecords, counterparties] = await Promise.all([
    codes.length === 0 ? [] : work.taxCodes(companyId, codes),
    counterpartyIds.length === 0 ? [] : work.counterparties(companyId, counterpartyIds),
  ]);
  const byCode = new Map<string, TaxCodeRecord>(codeRecords.map((c) => [c.code, c]));
  return {
    companyId,
    settings: { baseCurrency: settings.baseCurrency, decimalPrecision: settings.decimalPrecision, taxJurisdiction: settings.taxJurisdiction, defaultEmirate: settings.defaultEmirate },
    reads: {
      taxCodes: async (_companyId, wanted) => wanted.flatMap((code) => byCode.get(code) ?? []),
      accounts: { getMany: async (_companyId, ids) => ids.flatMap((id) => accounts.get(id) ?? []) },
    },
    counterparties: new Map(counterparties.map((c) => [c.counterpartyId, c])),
  };
}

/** A row's tax fields read, its counterparty checked as a line's is (errors on the row's columns). */
export function rowTax(importTax: ImportTax, fields: RowFields): RowTax {
  const schemas = Fields();
  const counterpartyId = fields.read('counterpartyId', schemas.counterpartyId);
  const row: RowTax = {
    tax: { taxCode: fields.read('taxCode', schemas.taxCode), taxAmount: fields.text('taxAmount'), emirate: fields.read('emirate', schemas.emirate) },
    counterpartyId,
    amountsIncludeTax: fields.read('amountsIncludeTax', schemas.amountsIncludeTax),
  };
  try {
    checkCounterparties([{ counterpartyId }], importTax.counterparties);
  } catch (error) {
    putOnRow(error, [fields], fields);
  }
  return row;
}

/**
 * A journal's lines (one per row, in row order) with their tax and tax lines, as Create makes
 * them; undefined when they are refused, the error on the row and column of the line it names
 * (the journal's `entries`: its first row's reference).
 */
export async function taxedJournalLines(importTax: ImportTax, rows: ReadonlyArray<{ fields: RowFields; line: Line; tax: TaxedEntry }>, date: string, amountsIncludeTax: boolean): Promise<Line[] | undefined> {
  const lines = rows.map((r) => r.line);
  const entries = rows.map((r) => r.tax);
  if (!namesTax(entries)) return lines;
  try {
    return (await withTax(importTax.reads, importTax.companyId, entries, { lines, accounts: [] }, { ...importTax.settings, date, amountsIncludeTax })).lines;
  } catch (error) {
    return putOnRow(error, rows.map((r) => r.fields), rows[0]!.fields);
  }
}

/** A refusal of the journals' rules as the error of the row and column its field names (`entries[i].name`; else `whole`'s reference). */
function putOnRow(error: unknown, rows: readonly RowFields[], whole: RowFields): undefined {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  const { name, reason, code } = error.items[0]!;
  const at = /^entries\[(\d+)\]\.(\w+)$/.exec(name);
  const row = at ? rows[Number(at[1])] : undefined;
  if (at && row) row.fail(at[2]!, reason, code);
  else whole.fail('reference', reason, code);
  return undefined;
}
