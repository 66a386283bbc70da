import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../shared/events/event-record.ts';
import { chainedView } from '../../../shared/events/event-view.ts';
import { numberEvents } from '../../../shared/events/numbering.ts';

const event = (n: number): EventRecord => ({
  eventId: `e${n}`,
  type: 'AccountCreated',
  companyId: 'c',
  recordId: `a${n}`,
  version: 1,
  actor: { type: 'user', id: 'u' },
  occurredAt: `2026-01-01T00:00:0${n}.000Z`,
  requestId: `r${n}`,
  data: { id: `a${n}`, amount: 1234.56, name: { arabic: 'ن', english: 'N' } },
  dataOmitted: false,
  recordDigest: null,
});

describe('numberEvents', () => {
  it('numbers from the head and chains each event to the one before, the first to 64 zeros', () => {
    const first = numberEvents({ next: 1, hash: null }, [event(1), event(2)], true);
    const then = numberEvents(first.head, [event(3)], true);

    const all = [...first.numbered, ...then.numbered];
    expect(all.map((e) => e.sequence)).toEqual([1, 2, 3]);
    expect(all.map((e) => e.previousHash)).toEqual(['0'.repeat(64), all[0]!.hash, all[1]!.hash]);
    for (const e of all) expect(e.hash).toBe(createHash('sha256').update(`${e.previousHash}${canonicalize(chainedView(e))}`).digest('hex'));
    expect(then.head).toEqual({ next: 4, hash: all[2]!.hash });
  });

  it('with the chain off, numbers only and leaves the head hash where it was', () => {
    const batch = numberEvents({ next: 7, hash: 'a'.repeat(64) }, [event(1)], false);

    expect(batch.numbered[0]).toMatchObject({ sequence: 7, previousHash: null, hash: null });
    expect(batch.head).toEqual({ next: 8, hash: 'a'.repeat(64) });
  });
});
