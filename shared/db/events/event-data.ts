import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { deflatedText, inflatedText } from '../table/deflated-text.ts';
import { exact } from '../table/exact-number.ts';
import type { Item } from '../table/table-ops.ts';

/**
 * An event's data as its items keep it: the JSON text of the response it copies, deflated
 * (`dataZ`, table/deflated-text.ts), so a two-line journal's event stays within the 1 KB a write
 * unit covers, in the outbox and numbered. Text, not a DynamoDB map: a map's decimals come back
 * from the document client wrapped.
 */

/**
 * The deflated bytes each data object was read from: numbering writes a pending event's data
 * again in its numbered item, and copies those bytes rather than deflating it anew (data read
 * from items is never changed in place).
 */
const readFrom = new WeakMap<object, Uint8Array>();

/** The attributes that keep `data` (none for null): deflated, or as text while config.deflatedText is off. */
export function storedEventData(data: unknown): Item {
  if (data === null) return {};
  if (!config.deflatedText) return { dataJson: JSON.stringify(data) };
  return { dataZ: (typeof data === 'object' && readFrom.get(data)) || deflatedText(JSON.stringify(data)) };
}

/** Items written before the data was kept as text hold a map: its wrapped decimals become the JSON numbers they were. */
const unwrapNumbers = (value: unknown): unknown =>
  value instanceof NumberValue ? Number(exact(value)) : Array.isArray(value) ? value.map(unwrapNumbers) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapNumbers(v)])) : value;

/** The data an event's item keeps, in any of the forms it was ever written in: deflated, JSON text (`dataJson`), a map (`data`), or none. */
export function eventDataOf(item: Item): unknown {
  if (item.dataZ instanceof Uint8Array) {
    const data: unknown = JSON.parse(inflatedText(item.dataZ));
    if (data !== null && typeof data === 'object') readFrom.set(data, item.dataZ);
    return data;
  }
  if (typeof item.dataJson === 'string') return JSON.parse(item.dataJson);
  return item.data === undefined || item.data === null ? null : unwrapNumbers(item.data);
}
