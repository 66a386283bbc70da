import { chainLink, GENESIS_HASH } from '../audit/chain.ts';
import type { EventRecord, SequencedEvent } from './event-record.ts';
import { chainedView } from './event-view.ts';

/** Where the company's feed stands: the next number, and the hash of the last chained event (null before the first). */
export interface EventHead {
  next: number;
  hash: string | null;
}

/**
 * Numbers pending events from the head on, oldest first, and chains each to the one before
 * (pure; audit/chain.ts). With the chain off (`chained` false, a benchmark setting) events get
 * numbers only and the head's hash stays where it was. Returns the events, the new head, and the
 * ids of events whose text had to be repaired to be hashed (audit/chain.ts: canonicalText).
 */
export function numberEvents<E extends EventRecord>(head: EventHead, pending: readonly E[], chained: boolean): { numbered: Array<E & SequencedEvent>; head: EventHead; repaired: string[] } {
  let hash = head.hash;
  const repaired: string[] = [];
  const numbered = pending.map((event, i) => {
    const sequence = head.next + i;
    if (!chained) return { ...event, sequence, previousHash: null, hash: null };
    const previousHash = hash ?? GENESIS_HASH;
    const link = chainLink(previousHash, chainedView({ ...event, sequence, previousHash }));
    if (link.repaired) repaired.push(event.eventId);
    hash = link.hash;
    return { ...event, sequence, previousHash, hash };
  });
  return { numbered, head: { next: head.next + pending.length, hash }, repaired };
}
