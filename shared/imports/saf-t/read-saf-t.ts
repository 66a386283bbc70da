import type { RowImportKind } from '../records.ts';
import { safTRows, type SafTRows } from './saf-t-rows.ts';
import { readSafTXml } from './saf-t-xml.ts';

/**
 * The rows of one import kind in a SAF-T Financial file (the XML reader loads only with the
 * first SAF-T file). Errors: ValidationError naming `data` (saf-t-xml.ts).
 */
export function readSafT(kind: RowImportKind, text: string): SafTRows {
  return safTRows(kind, readSafTXml(text));
}

/** The rows of each of `kinds` in one SAF-T Financial file, the file read once. Errors: as readSafT. */
export function readSafTParts<K extends RowImportKind>(kinds: readonly K[], text: string): Array<SafTRows & { kind: K }> {
  const file = readSafTXml(text);
  return kinds.map((kind) => ({ kind, ...safTRows(kind, file) }));
}
