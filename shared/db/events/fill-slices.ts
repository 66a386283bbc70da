/** Items a fill transaction holds at most: the fill's transactions run side by side, and a smaller one commits sooner. */
export const FILL_ITEMS = 50;

/**
 * Bytes of event data a fill transaction carries at most: each state is written up to three
 * times (event, history, book change), within DynamoDB's 4 MB per transaction.
 */
export const FILL_BYTES = 900_000;

/** One numbered event's writes: its items, and the size of the state it carries. */
export interface EventWrites {
  items: number;
  bytes: number;
}

/**
 * The events' writes in consecutive slices of at most `FILL_ITEMS` items and `FILL_BYTES` bytes
 * (pure): an event's writes are never split (its pending item goes with its event, history and
 * book changes); an event larger than a slice has a slice of its own.
 */
export function fillSlices<W extends EventWrites>(writes: readonly W[], maxItems = FILL_ITEMS, maxBytes = FILL_BYTES): W[][] {
  const slices: W[][] = [];
  let slice: W[] = [];
  let items = 0;
  let bytes = 0;
  for (const w of writes) {
    if (slice.length > 0 && (items + w.items > maxItems || bytes + w.bytes > maxBytes)) {
      slices.push(slice);
      slice = [];
      items = 0;
      bytes = 0;
    }
    slice.push(w);
    items += w.items;
    bytes += w.bytes;
  }
  if (slice.length > 0) slices.push(slice);
  return slices;
}
