import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { CURRENT_DICTIONARY, TEXT_DICTIONARIES } from './text-dictionaries.ts';

/**
 * JSON text kept small in an item: raw deflate against a fixed dictionary of what journals
 * repeat (text-dictionaries.ts), the dictionary's number first. A two-line journal's 1,400
 * characters become about 290 bytes (578 without the dictionary), so an item carrying one stays
 * within the 1 KB a write unit covers (docs/decisions.md, Events, "Event data deflated against a
 * dictionary").
 */

const dictionaries = new Map<number, Buffer>();
function dictionary(number: number): Buffer {
  const text = TEXT_DICTIONARIES[number];
  if (text === undefined) throw new Error(`text deflated with dictionary ${number}, which this version does not know`);
  let bytes = dictionaries.get(number);
  if (!bytes) dictionaries.set(number, (bytes = Buffer.from(text)));
  return bytes;
}

/** The text deflated, as an item keeps it (a binary attribute). */
export const deflatedText = (text: string): Buffer => Buffer.concat([Buffer.from([CURRENT_DICTIONARY]), deflateRawSync(text, { dictionary: dictionary(CURRENT_DICTIONARY) })]);

/** The text back from what deflatedText kept. Errors: a dictionary this version does not know throws. */
export const inflatedText = (bytes: Uint8Array): string => inflateRawSync(bytes.subarray(1), { dictionary: dictionary(bytes[0]!) }).toString('utf8');
