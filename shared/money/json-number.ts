/**
 * An amount written into a JSON body as a number, digit for digit, where a standard types it as a
 * number (the AICPA Audit Data shape): `JSON.rawJSON` hands JSON.stringify the decimal text
 * itself, so a sum past the 15 significant digits a double holds stays exact on the wire. Typed
 * as the number the body documents; it is meant for serialising, never for arithmetic.
 */
interface RawJson {
  rawJSON(text: string): unknown;
}

/** A plain signed decimal, the only text JSON.rawJSON is given. */
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export function jsonNumber(decimal: string): number {
  if (!DECIMAL.test(decimal)) throw new Error(`Not a plain decimal: ${decimal}`);
  return (JSON as unknown as RawJson).rawJSON(decimal) as number;
}
