import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * Item sizes and capacity units as DynamoDB documents them ("DynamoDB item sizes and formats";
 * "Read/write capacity units"): an item's size is the sum of its attribute names and values;
 * a write unit covers 1 KB, a strongly consistent read unit 4 KB, each rounded up per item.
 */
export type Item = Record<string, AttributeValue>;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** A number's size: 1 byte per two significant digits plus 1 (leading and trailing zeroes do not count). */
function numberSize(text: string): number {
  const digits = text.replace(/^[-+]/, '').replace(/[eE].*$/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

/** The size in bytes of one value (without its attribute name). */
export function valueSize(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberSize(value.N);
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((n, s) => n + utf8(s), 0);
  if (value.NS !== undefined) return value.NS.reduce((n, s) => n + numberSize(s), 0);
  if (value.BS !== undefined) return value.BS.reduce((n, b) => n + b.byteLength, 0);
  // Lists and maps: 3 bytes, plus 1 byte per element.
  if (value.L !== undefined) return 3 + value.L.reduce((n, v) => n + valueSize(v) + 1, 0);
  if (value.M !== undefined) return 3 + Object.entries(value.M).reduce((n, [name, v]) => n + utf8(name) + valueSize(v) + 1, 0);
  return 0;
}

/** The size in bytes of an item. */
export const itemSize = (item: Item): number => Object.entries(item).reduce((n, [name, value]) => n + utf8(name) + valueSize(value), 0);

/** Write units of one item write (at least 1). */
export const writeUnits = (bytes: number): number => Math.max(1, Math.ceil(bytes / 1024));

/** Strongly consistent read units of `bytes` read (at least 1). */
export const readUnits = (bytes: number): number => Math.max(1, Math.ceil(bytes / 4096));
