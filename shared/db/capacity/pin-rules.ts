/**
 * A busy account's, year's or period's use pin (docs/decisions.md, Capacity): until the pin ends
 * the record counts as taking drafts (a period: postings), so nothing that needs it unused can
 * commit (an account's delete or currency change; a year's Close, re-dating or delete; a
 * period's Lock or Close), and a draft or posting that read the record under a pin needs no
 * check of it at commit (it stays as read until the pin ends). Pure rules; the writes are in
 * use-pins.ts.
 */

/** How long a pin lasts from when it is taken or renewed. */
export const PIN_MS = 10 * 60_000;

/**
 * How long before its end a pin stops sparing drafts their check: longer than any draft takes
 * from its read of the record to its commit (the API's functions stop after 29 s), with room
 * for clocks that differ between machines.
 */
export const PIN_MARGIN_MS = 2 * 60_000;

/** A pin with less than this left is renewed by the next busy draft that reads it. */
export const RENEW_BEFORE_MS = 5 * 60_000;

/** Whether the pin still holds off every write that needs the record unused. */
export const pinLive = (pinnedUntil: number | undefined, now: number): boolean => pinnedUntil !== undefined && pinnedUntil > now;

/** Whether a draft that read this pin at `now` may commit without checking the record again. */
export const pinCovers = (pinnedUntil: number | undefined, now: number): boolean => pinnedUntil !== undefined && pinnedUntil - now > PIN_MARGIN_MS;

/** Whether a busy record's pin, as read at `now`, should be taken or renewed. */
export const pinWanted = (pinnedUntil: number | undefined, now: number): boolean => pinnedUntil === undefined || pinnedUntil - now < RENEW_BEFORE_MS;
