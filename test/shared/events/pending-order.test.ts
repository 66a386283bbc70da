import { describe, expect, it } from 'vitest';
import { oldestPending } from '../../../shared/events/pending-order.ts';

const event = (occurredAt: string, id: string) => ({ occurredAt, id, pendingKey: { sk: `EVENTQ#${occurredAt}#${id}` } });

/** What a sequencer numbers next from the partitions it read. */
describe('oldest pending events', () => {
  it('merges the partitions by stamp, takes the oldest, and leaves out those stamped since the reads began', () => {
    const a = [event('2026-01-01T00:00:00.001Z', 'a1'), event('2026-01-01T00:00:00.005Z', 'a2')];
    const b = [event('2026-01-01T00:00:00.002Z', 'b1'), event('2026-01-01T00:00:00.009Z', 'b2')];
    const c = [event('2026-01-01T00:00:00.003Z', 'c1')];
    expect(oldestPending([a, b, c], 4).map((e) => e.id)).toEqual(['a1', 'b1', 'c1', 'a2']);
    expect(oldestPending([a, b, c], 10, '2026-01-01T00:00:00.005Z').map((e) => e.id)).toEqual(['a1', 'b1', 'c1']);
    expect(oldestPending([[], []], 10)).toEqual([]);
  });
});
