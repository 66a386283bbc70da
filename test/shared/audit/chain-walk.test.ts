import { describe, expect, it } from 'vitest';
import { ChainWalk } from '../../../shared/audit/chain-walk.ts';
import type { EventRecord, SequencedEvent } from '../../../shared/events/event-record.ts';
import { numberEvents } from '../../../shared/events/numbering.ts';

const record = (n: number): EventRecord => ({
  eventId: `e${n}`,
  type: 'SettingsChanged',
  companyId: 'c',
  recordId: 'c',
  version: n,
  actor: null,
  occurredAt: '2026-01-01T00:00:00.000Z',
  requestId: null,
  data: { n },
  dataOmitted: false,
  recordDigest: null,
});

/** Events 1..n: the first `legacy` numbered before the chain, the rest chained. */
function feed(n: number, legacy = 0): SequencedEvent[] {
  const before = numberEvents({ next: 1, hash: null }, Array.from({ length: legacy }, (_, i) => record(i + 1)), false);
  const after = numberEvents(before.head, Array.from({ length: n - legacy }, (_, i) => record(legacy + i + 1)), true);
  return [...before.numbered, ...after.numbered];
}

const walk = (events: SequencedEvent[], from = 1) => {
  const w = new ChainWalk(from, from > 1 ? events[from - 2] : undefined);
  for (const e of events.slice(from - 1)) {
    const broken = w.next(e);
    if (broken) return { broken, checked: w.checked };
  }
  return { broken: undefined, checked: w.checked };
};

describe('ChainWalk', () => {
  it('accepts an intact chain, from the start or from the middle, and events numbered before the chain ahead of it', () => {
    expect(walk(feed(6))).toEqual({ broken: undefined, checked: 6 });
    expect(walk(feed(6), 4)).toEqual({ broken: undefined, checked: 3 });
    expect(walk(feed(6, 2))).toEqual({ broken: undefined, checked: 6 });
  });

  it('reports an altered event, a broken link, a missing event and a hash stripped after the chain began', () => {
    const altered = feed(5);
    altered[2] = { ...altered[2]!, data: { n: 99 } };
    const relinked = feed(5);
    relinked[3] = { ...relinked[3]!, previousHash: 'f'.repeat(64) };
    const gap = feed(5).filter((e) => e.sequence !== 3);
    const stripped = feed(5);
    stripped[3] = { ...stripped[3]!, hash: null, previousHash: null };

    expect(walk(altered).broken).toEqual({ sequence: 3, reason: 'event 3 (SettingsChanged of record c) does not match its hash: the event was altered' });
    expect(walk(relinked).broken).toEqual({ sequence: 4, reason: 'event 4 (SettingsChanged of record c): its previousHash is not the hash of event 3' });
    expect(walk(gap).broken).toEqual({ sequence: 3, reason: 'event 3 is missing from the feed (deleted, or expired)' });
    expect(walk(stripped).broken?.sequence).toBe(4);
  });
});
