import type { EventRecord } from './event-record.ts';

/**
 * Events on their way to a number: pending ones, and the numbering claims that take them. Pure
 * types; shared/db/events/event-store.ts and numbering-claim-store.ts store and read them.
 */

/**
 * Where a pending event waits, as it was read: handed back to number or delete it. The sort key
 * orders pending events by their stamp, then their id (pending-order.ts).
 */
export interface PendingKey {
  pk: string;
  sk: string;
}

/** A pending event, with the key it was read under (items of an older key shape are deleted by theirs). */
export type PendingEvent = EventRecord & { pendingKey: PendingKey };

/** What the counter says of an open claim. */
export interface ClaimMark {
  from: number;
  to: number;
  /** When it was made (ms since the epoch): a claim older than its lease is finished by whoever finds it. */
  at: number;
}

/** Which pending event takes each number of a claim, with its chain's hashes, in number order. */
export interface ClaimedEvent {
  pendingKey: PendingKey;
  previousHash: string | null;
  hash: string | null;
  /** The entry numbers the event gives its journals (audit/entry-numbers.ts), fixed when claimed so whoever fills the claim writes the same. */
  entries?: Array<{ journalId: string; entryNumber: number }>;
}

export interface NumberingClaim extends ClaimMark {
  events: ClaimedEvent[];
}
