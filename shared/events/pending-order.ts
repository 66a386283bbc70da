/** What one read of a partition of pending events found, oldest first: `cut` when it stopped at its limit (or a response's 1 MB) with more to come. */
export interface PendingRead<E> {
  events: readonly E[];
  cut: boolean;
}

/**
 * Which pending events a sequencer numbers next, from what it read of each partition they are
 * spread over (pure; docs/decisions.md, Events and Capacity): the oldest `limit` of them by key
 * (the stamp, then the event id), leaving out those stamped at or after `before`, the instant
 * the sequencer began reading. Why the cutoff: the partitions are read one by one, so a change
 * committed before a later event was stamped could be missed in a partition read a moment too
 * early; every event stamped before the reads began committed after any change it depends on,
 * and that change committed before the reads began, so every read sees it.
 * Only events up to where the earliest cut read stopped: past it, that partition may hold older
 * ones not read. `more`: whether events were left for another round (by the limit or a cut).
 */
export function oldestPending<E extends { occurredAt: string; pendingKey: { sk: string } }>(read: ReadonlyArray<PendingRead<E>>, limit: number, before?: string): { events: E[]; more: boolean } {
  const horizon = read.filter((r) => r.cut && r.events.length > 0).reduce<string | undefined>((h, r) => minKey(h, r.events.at(-1)!.pendingKey.sk), undefined);
  const seen = read
    .flatMap((r) => r.events)
    .filter((event) => before === undefined || event.occurredAt < before)
    .sort((a, b) => (a.pendingKey.sk < b.pendingKey.sk ? -1 : a.pendingKey.sk > b.pendingKey.sk ? 1 : 0));
  const known = horizon === undefined ? seen : seen.filter((event) => event.pendingKey.sk <= horizon);
  return { events: known.slice(0, limit), more: read.some((r) => r.cut) || known.length > limit };
}

const minKey = (a: string | undefined, b: string) => (a === undefined || b < a ? b : a);
