import { describe, expect, it } from 'vitest';
import { eventDataOf, storedEventData } from '../../../shared/db/events/event-data.ts';

/** How an event's data is kept (db/events/event-data.ts); the feed's events read back through the gateway are in event-items.test.ts. */
describe('event data as stored', () => {
  const data = { id: 'j1', description: 'إيجار مارس ✓', entries: [{ amount: 1234.56, baseAmount: 0.1 }], totals: { debit: 1234.56, credit: 1234.56 }, postedBy: null };

  it('reads back what it kept, deflated, and nothing for no data', () => {
    const stored = storedEventData(data);
    expect(Object.keys(stored)).toEqual(['dataZ']);
    expect(eventDataOf(stored)).toEqual(data);
    expect(storedEventData(null)).toEqual({});
    expect(eventDataOf({})).toBeNull();
  });

  it('reads the forms written before: JSON text, text null, a map', () => {
    expect(eventDataOf({ dataJson: JSON.stringify(data) })).toEqual(data);
    expect(eventDataOf({ dataJson: null })).toBeNull();
    expect(eventDataOf({ data })).toEqual(data);
  });
});
