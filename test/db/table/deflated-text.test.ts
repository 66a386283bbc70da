import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deflatedText, inflatedText } from '../../../shared/db/table/deflated-text.ts';
import { CURRENT_DICTIONARY, TEXT_DICTIONARIES } from '../../../shared/db/table/text-dictionaries.ts';

/** Text deflated against a dictionary (db/table/deflated-text.ts): what events and stored responses keep. */
describe('deflated text', () => {
  const text = JSON.stringify({ id: 'j1', description: 'إيجار مارس ✓', entries: [{ amount: 1234.56 }], postedBy: null });

  it('gives back the text it kept, in fewer bytes, naming its dictionary first', () => {
    const kept = deflatedText(text);
    expect(kept[0]).toBe(CURRENT_DICTIONARY);
    expect(kept.length).toBeLessThan(Buffer.byteLength(text));
    expect(inflatedText(kept)).toBe(text);
    expect(inflatedText(deflatedText(''))).toBe('');
  });

  it('refuses text deflated with a dictionary it does not know, rather than guess', () => {
    const kept = deflatedText(text);
    expect(() => inflatedText(Buffer.concat([Buffer.from([CURRENT_DICTIONARY + 1]), kept.subarray(1)]))).toThrow(/dictionary 2/);
  });

  it('keeps dictionary 1 as texts were deflated with it: a change would make them unreadable', () => {
    // A new dictionary is added under the next number; this digest is of the one stored items name.
    expect(createHash('sha256').update(TEXT_DICTIONARIES[1]!).digest('hex')).toBe('2188e1fb654706bd306d4e270e51a68bec10c4c1e5a124278f9b091c7cd48670');
  });
});
