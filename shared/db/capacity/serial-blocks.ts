/**
 * How a warm function instance draws serial numbers: in blocks from the company's counter, so
 * a busy company does not make its counter one item every create writes. Pure: the sizes and
 * lifetimes; serial-draw.ts keeps the blocks and draws them.
 *
 * A block starts at one number (a quiet company numbers its journals without gaps, as before),
 * doubles while each block is used up within FAST_BLOCK_MS, up to MAX_SERIAL_BLOCK, and halves
 * when one was not. A block older than SERIAL_BLOCK_LIFETIME_MS is dropped, so numbering order
 * stays within that time of creation order across instances; its unused numbers are gaps.
 */
export const MAX_SERIAL_BLOCK = 64;
export const FAST_BLOCK_MS = 500;
export const SERIAL_BLOCK_LIFETIME_MS = 2_000;

export interface SerialBlock {
  /** The next number to hand out, and the last one of the block. */
  next: number;
  last: number;
  size: number;
  drawnAt: number;
}

/** The block of `size` numbers ending at `last` (the counter's value after adding `size`). */
export const blockEndingAt = (last: number, size: number, now: number): SerialBlock => ({ next: last - size + 1, last, size, drawnAt: now });

/** Whether the block still hands out numbers at `now`: not used up, not too old. */
export const blockUsable = (block: SerialBlock | undefined, now: number): block is SerialBlock =>
  block !== undefined && block.next <= block.last && now - block.drawnAt < SERIAL_BLOCK_LIFETIME_MS;

/** The size of the next block, after `previous` (used up or expired), with `waiting` draws waiting for it. */
export function nextBlockSize(previous: SerialBlock | undefined, now: number, waiting = 1): number {
  const usedUpFast = previous !== undefined && previous.next > previous.last && now - previous.drawnAt < FAST_BLOCK_MS;
  const bySpeed = previous === undefined ? 1 : usedUpFast ? previous.size * 2 : Math.floor(previous.size / 2);
  return Math.min(MAX_SERIAL_BLOCK, Math.max(1, bySpeed, waiting));
}
