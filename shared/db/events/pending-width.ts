import { PIN_MARGIN_MS, PIN_MS, pinCovers } from '../capacity/pin-rules.ts';

/**
 * Where a company's pending events are written, and which partitions its sequencer reads (pure;
 * docs/decisions.md, Capacity). A quiet company's outbox is its company key, read with one query
 * a round. A busy company's events are spread over keys of their own (keys.pendingEvent), and
 * while any may be, every round reads all of them. The company's width item (`wideUntil`)
 * says which: 0, narrow; an instant, the end of the widest use pin a writer may spread under.
 */

/**
 * Whether a write puts its event under a spread key: the year it read is pinned (capacity/pin-rules.ts)
 * and the pin covers the write, and a pin is only ever taken after the width item was widened
 * to at least its end (capacity/use-pins.ts).
 */
export const spreadsEvent = (yearPinnedUntil: number | undefined, now: number): boolean => pinCovers(yearPinnedUntil, now);

/** Whether a sequencer reads every shard: the width item is missing (a company from before it, whose events may be spread) or not narrowed. */
export const readsWide = (wideUntil: number | undefined): boolean => wideUntil === undefined || wideUntil > 0;

/**
 * Whether a round that began at `startedAt` and found every shard empty may narrow the reads
 * again: every write that spread under a pin ending by `wideUntil` did so at least the pin's
 * margin before that end and committed within seconds, so before the round began, and the round
 * saw it numbered.
 */
export const mayNarrow = (wideUntil: number | undefined, startedAt: number): boolean => wideUntil !== undefined && wideUntil > 0 && wideUntil + PIN_MARGIN_MS < startedAt;

/**
 * How long a company from before the width item reads wide once a round found it missing: as long
 * as a pin, so that writes of an earlier version of the service still running (a deployment) are
 * read before the reads narrow.
 */
export const wideForFormerWriters = (startedAt: number): number => startedAt + PIN_MS;
