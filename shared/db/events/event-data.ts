import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { exact } from '../table/exact-number.ts';
import type { Item } from '../table/table-ops.ts';
import { CURRENT_DICTIONARY, EVENT_DATA_DICTIONARIES } from './event-data-dictionary.ts';

/**
 * An event's data as its items keep it: the JSON text of the response it copies, deflated against
 * a dictionary of what journals' events repeat (`dataZ`: the dictionary's number, then the
 * deflated text). A two-line journal's event then stays within the 1 KB a write unit covers, in
 * the outbox and numbered (docs/decisions.md, Events, "Event data deflated against a dictionary").
 * Text, not a DynamoDB map: a map's decimals come back from the document client wrapped.
 */

const dictionaries = new Map<number, Buffer>();
const dictionary = (number: number): Buffer => {
  const text = EVENT_DATA_DICTIONARIES[number];
  if (text === undefined) throw new Error(`event data deflated with dictionary ${number}, which this version does not know`);
  let bytes = dictionaries.get(number);
  if (!bytes) dictionaries.set(number, (bytes = Buffer.from(text)));
  return bytes;
};

/** The attributes that keep `data` (none for null). */
export function storedEventData(data: unknown): Item {
  if (data === null) return {};
  const deflated = deflateRawSync(JSON.stringify(data), { dictionary: dictionary(CURRENT_DICTIONARY) });
  return { dataZ: Buffer.concat([Buffer.from([CURRENT_DICTIONARY]), deflated]) };
}

/** Items written before the data was kept as text hold a map: its wrapped decimals become the JSON numbers they were. */
const unwrapNumbers = (value: unknown): unknown =>
  value instanceof NumberValue ? Number(exact(value)) : Array.isArray(value) ? value.map(unwrapNumbers) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapNumbers(v)])) : value;

/** The data an event's item keeps, in any of the forms it was ever written in: deflated, JSON text (`dataJson`), a map (`data`), or none. */
export function eventDataOf(item: Item): unknown {
  if (item.dataZ instanceof Uint8Array) {
    const bytes = item.dataZ;
    return JSON.parse(inflateRawSync(bytes.subarray(1), { dictionary: dictionary(bytes[0]!) }).toString('utf8'));
  }
  if (typeof item.dataJson === 'string') return JSON.parse(item.dataJson);
  return item.data === undefined || item.data === null ? null : unwrapNumbers(item.data);
}
