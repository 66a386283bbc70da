import { chainHash, GENESIS_HASH } from '../audit/chain.ts';
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
 * numbers only and the head's hash stays where it was. Returns the events and the new head.
 */
export function numberEvents<E extends EventRecord>(head: EventHead, pending: readonly E[], chained: boolean): { numbered: Array<E & SequencedEvent>; head: EventHead } {
  let hash = head.hash;
  const numbered = pending.map((event, i) => {
    const sequence = head.next + i;
    if (!chained) return { ...event, sequence, previousHash: null, hash: null };
    const previousHash = hash ?? GENESIS_HASH;
    hash = chainHash(previousHash, chainedView({ ...event, sequence, previousHash }));
    return { ...event, sequence, previousHash, hash };
  });
  return { numbered, head: { next: head.next + pending.length, hash } };
}
