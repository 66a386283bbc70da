import type { RowImportKind } from '../records.ts';
import { fileTaxCodes, safTRows, type SafTRows, type TaxAccounts } from './saf-t-rows.ts';
import { readSafTXml } from './saf-t-xml.ts';

/**
 * The company's tax codes of the TaxCodes a file names, each to its tax account's path (read
 * by the worker; none in the request, which only counts rows).
 */
export type TaxAccountsOf = (codes: string[]) => Promise<TaxAccounts>;

/**
 * The rows of one import kind in a SAF-T Financial file (the XML reader loads only with the
 * first SAF-T file). Errors: ValidationError naming `data` (saf-t-xml.ts).
 */
export function readSafT(kind: RowImportKind, text: string, taxAccounts?: TaxAccounts): SafTRows {
  return safTRows(kind, readSafTXml(text), taxAccounts);
}

/** The rows of each of `kinds` in one SAF-T Financial file, the file read once. Errors: as readSafT. */
export async function readSafTParts<K extends RowImportKind>(kinds: readonly K[], text: string, taxAccountsOf?: TaxAccountsOf): Promise<Array<SafTRows & { kind: K }>> {
  const file = readSafTXml(text);
  const codes = kinds.includes('journals' as K) && taxAccountsOf ? fileTaxCodes(file) : [];
  const taxAccounts = codes.length > 0 ? await taxAccountsOf!(codes) : undefined;
  return kinds.map((kind) => ({ kind, ...safTRows(kind, file, taxAccounts) }));
}
