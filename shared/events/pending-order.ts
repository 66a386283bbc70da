/**
 * Which pending events a sequencer numbers next, from what it read of each partition they are
 * spread over (pure; docs/decisions.md, Events and Capacity): the oldest `limit` of them by key
 * (the stamp, then the event id), leaving out those stamped at or after `before`, the instant
 * the sequencer began reading. Why the cutoff: the partitions are read one by one, so a change
 * committed before a later event was stamped could be missed in a partition read a moment too
 * early; every event stamped before the reads began committed after any change it depends on,
 * and that change committed before the reads began, so every read sees it.
 */
export function oldestPending<E extends { occurredAt: string; pendingKey: { sk: string } }>(read: ReadonlyArray<readonly E[]>, limit: number, before?: string): E[] {
  return read
    .flat()
    .filter((event) => before === undefined || event.occurredAt < before)
    .sort((a, b) => (a.pendingKey.sk < b.pendingKey.sk ? -1 : a.pendingKey.sk > b.pendingKey.sk ? 1 : 0))
    .slice(0, limit);
}
