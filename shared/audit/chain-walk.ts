import type { SequencedEvent } from '../events/event-record.ts';
import { chainedView } from '../events/event-view.ts';
import { chainHash, GENESIS_HASH } from './chain.ts';

/** Where the audit found the books disagree with the chain, and why (naming the record). */
export interface Break {
  sequence: number;
  reason: string;
}

/** The earlier of two breaks. */
export const firstBreak = (a: Break | undefined, b: Break | undefined): Break | undefined => (!a ? b : !b ? a : b.sequence < a.sequence ? b : a);

/** The break of an event that should be there and is not. */
export const missingEvent = (sequence: number): Break => ({ sequence, reason: `event ${sequence} is missing from the feed (deleted, or expired)` });

export const describeEvent = (e: SequencedEvent) => `event ${e.sequence} (${e.type} of record ${e.recordId})`;

/**
 * Walks a run of events in sequence order and recomputes the chain (pure; chain.ts):
 *
 *   each event's number follows the one before     (else: the missing one is reported)
 *   its previousHash is the stored hash before it  (64 zeros after none or only unchained events)
 *   its hash is recomputed from its content        (else: the event was altered)
 *
 * The first event's link is checked against `before` (the event just before the run, when still
 * kept); without it, the run starts from what the first event says. Events numbered before the
 * chain existed (no hash, no previousHash) are accepted only before the first chained one.
 */
export class ChainWalk {
  private expectedSequence: number;
  /** The hash the next event must name: undefined to take the next event's word for it. */
  private expectedPrevious: string | undefined;
  private chained: boolean;
  /** Events whose hash was recomputed (or, before the chain, accepted). */
  checked = 0;
  /** The stored hash of the last event walked. */
  lastHash: string | null = null;

  constructor(from: number, before: SequencedEvent | undefined) {
    this.expectedSequence = from;
    this.chained = Boolean(before?.hash);
    this.expectedPrevious = before ? (before.hash ?? GENESIS_HASH) : undefined;
  }

  /** The break of a walk that ended before `to`: the next event is missing. */
  missing(): Break {
    return missingEvent(this.expectedSequence);
  }

  /** Checks the next event; a Break ends the walk. */
  next(e: SequencedEvent): Break | undefined {
    if (e.sequence !== this.expectedSequence) return this.missing();
    this.expectedSequence++;
    if (e.hash === null && e.previousHash === null && !this.chained) {
      this.checked++;
      this.expectedPrevious = GENESIS_HASH;
      return undefined;
    }
    if (e.hash === null || e.previousHash === null) return { sequence: e.sequence, reason: `${describeEvent(e)} has no hash: it was numbered outside the chain` };
    if (this.expectedPrevious !== undefined && e.previousHash !== this.expectedPrevious) {
      return { sequence: e.sequence, reason: `${describeEvent(e)}: its previousHash is not the hash of event ${e.sequence - 1}` };
    }
    if (chainHash(e.previousHash, chainedView(e)) !== e.hash) return { sequence: e.sequence, reason: `${describeEvent(e)} does not match its hash: the event was altered` };
    this.chained = true;
    this.expectedPrevious = e.hash;
    this.lastHash = e.hash;
    this.checked++;
    return undefined;
  }
}
