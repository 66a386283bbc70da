import { describe, expect, it } from 'vitest';
import { oldestPending } from '../../../shared/events/pending-order.ts';

const event = (occurredAt: string, id: string) => ({ occurredAt, id, pendingKey: { sk: `EVENTQ#${occurredAt}#${id}` } });

/** What a sequencer numbers next from the partitions it read. */
describe('oldest pending events', () => {
  it('merges the partitions by stamp, takes the oldest, and leaves out those stamped since the reads began', () => {
    const a = [event('2026-01-01T00:00:00.001Z', 'a1'), event('2026-01-01T00:00:00.005Z', 'a2')];
    const b = [event('2026-01-01T00:00:00.002Z', 'b1'), event('2026-01-01T00:00:00.009Z', 'b2')];
    const c = [event('2026-01-01T00:00:00.003Z', 'c1')];
    const whole = (events: ReturnType<typeof event>[]) => ({ events, cut: false });
    expect(oldestPending([whole(a), whole(b), whole(c)], 4)).toEqual({ events: [a[0], b[0], c[0], a[1]], more: true });
    expect(oldestPending([whole(a), whole(b), whole(c)], 10, '2026-01-01T00:00:00.005Z')).toEqual({ events: [a[0], b[0], c[0]], more: false });
    expect(oldestPending([whole([]), whole([])], 10)).toEqual({ events: [], more: false });
  });

  it('takes none past where a read that stopped with more to come ended: that partition may hold older ones not read', () => {
    const a = [event('2026-01-01T00:00:00.001Z', 'a1'), event('2026-01-01T00:00:00.004Z', 'a2')];
    const b = [event('2026-01-01T00:00:00.002Z', 'b1'), event('2026-01-01T00:00:00.003Z', 'b2'), event('2026-01-01T00:00:00.009Z', 'b3')];
    // a was cut after a2: its next may be stamped .005, older than b3.
    expect(oldestPending([{ events: a, cut: true }, { events: b, cut: false }], 10)).toEqual({ events: [a[0], b[0], b[1], a[1]], more: true });
  });
});
