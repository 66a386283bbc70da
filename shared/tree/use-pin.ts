/**
 * A busy account's use pin (docs/decisions.md, Capacity): until the pin ends the account counts
 * as used, so nothing that needs it unused (a delete, a currency change) can commit, and a draft
 * that read the account under a pin needs no check at commit (the account stays as read until
 * the pin ends). Pure rules; the writes are in db/nodes/node-pin.ts.
 */

/** How long a pin lasts from when it is taken or renewed. */
export const PIN_MS = 10 * 60_000;

/**
 * How long before its end a pin stops sparing drafts their check: longer than any draft takes
 * from its read of the account to its commit (the API's functions stop after 29 s), with room
 * for clocks that differ between machines.
 */
export const PIN_MARGIN_MS = 2 * 60_000;

/** A pin with less than this left is renewed by the next busy draft that reads it. */
export const RENEW_BEFORE_MS = 5 * 60_000;

/** Whether the pin still holds off every write that needs the account unused. */
export const pinLive = (pinnedUntil: number | undefined, now: number): boolean => pinnedUntil !== undefined && pinnedUntil > now;

/** Whether a draft that read this pin at `now` may commit without checking the account again. */
export const pinCovers = (pinnedUntil: number | undefined, now: number): boolean => pinnedUntil !== undefined && pinnedUntil - now > PIN_MARGIN_MS;

/** Whether a busy account's pin, as read at `now`, should be taken or renewed. */
export const pinWanted = (pinnedUntil: number | undefined, now: number): boolean => pinnedUntil === undefined || pinnedUntil - now < RENEW_BEFORE_MS;
