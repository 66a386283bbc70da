import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventDataOf, storedEventData } from '../../../shared/db/events/event-data.ts';
import { CURRENT_DICTIONARY, EVENT_DATA_DICTIONARIES } from '../../../shared/db/events/event-data-dictionary.ts';

/** How an event's data is kept (db/events/event-data.ts); the feed's events read back through the gateway are in event-items.test.ts. */
describe('event data as stored', () => {
  const data = { id: 'j1', description: 'إيجار مارس ✓', entries: [{ amount: 1234.56, baseAmount: 0.1 }], totals: { debit: 1234.56, credit: 1234.56 }, postedBy: null };

  it('reads back what it kept, deflated, and nothing for no data', () => {
    const stored = storedEventData(data);
    expect(Object.keys(stored)).toEqual(['dataZ']);
    expect((stored.dataZ as Buffer)[0]).toBe(CURRENT_DICTIONARY);
    expect(eventDataOf(stored)).toEqual(data);
    expect(storedEventData(null)).toEqual({});
    expect(eventDataOf({})).toBeNull();
  });

  it('reads the forms written before: JSON text, text null, a map', () => {
    expect(eventDataOf({ dataJson: JSON.stringify(data) })).toEqual(data);
    expect(eventDataOf({ dataJson: null })).toBeNull();
    expect(eventDataOf({ data })).toEqual(data);
  });

  it('refuses data deflated with a dictionary it does not know, rather than guess', () => {
    const stored = storedEventData(data).dataZ as Buffer;
    const unknown = Buffer.concat([Buffer.from([CURRENT_DICTIONARY + 1]), stored.subarray(1)]);
    expect(() => eventDataOf({ dataZ: unknown })).toThrow(/dictionary 2/);
  });

  it('keeps dictionary 1 as events were deflated with it: a change would make them unreadable', () => {
    // A new dictionary is added under the next number; this digest is of the one stored events name.
    expect(createHash('sha256').update(EVENT_DATA_DICTIONARIES[1]!).digest('hex')).toBe('2188e1fb654706bd306d4e270e51a68bec10c4c1e5a124278f9b091c7cd48670');
  });
});
