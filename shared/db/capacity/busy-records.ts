import { pinWanted } from './pin-rules.ts';

/**
 * The records this instance saw busy (a check of them cancelled by another transaction at once),
 * for which it takes use pins (use-pins.ts). Apart from the pins' writes, so what only notes a
 * record busy (a reference check's conflict) loads none of them.
 */

/** Records this instance saw a check conflict on, and when it last tried to pin each. */
const busy = new Map<string, number>();
/** Bound on the instance's memory of busy records; past it, it starts over. */
const MAX_BUSY = 10_000;
/** An instance tries to take or renew one record's pin at most this often. */
const RETRY_MS = 10_000;

/** The record (an account's, a year's or a period's id) is busy: a check of it was cancelled by another at once. */
export function markBusy(id: string): void {
  if (busy.size >= MAX_BUSY) busy.clear();
  if (!busy.has(id)) busy.set(id, 0);
}

/** Whether this instance should take or renew the record's pin now (it is busy, its pin wanted, not tried lately). */
export function wantsPin(record: { id: string; pinnedUntil?: number | undefined }, now = Date.now()): boolean {
  const tried = busy.get(record.id);
  return tried !== undefined && now - tried >= RETRY_MS && pinWanted(record.pinnedUntil, now);
}

/** This instance tried to take or renew the record's pin at `now` (use-pins.ts). */
export function triedPin(id: string, now: number): void {
  busy.set(id, now);
}
