import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The read budget of the request running (read-pace.ts), which every table read looks up: apart
 * from the budget itself, which only bulk reads (db/table/run-slots.ts) set, so a function whose
 * bulk reads load on demand starts without it.
 */

/** What a read asks of its budget: at most `itemsPerRead` items, to wait until it is `ready`, and to `spend` what it read. */
export interface Pace {
  readonly itemsPerRead: number;
  ready(): Promise<void>;
  spend(items: number): void;
}

export const paces = new AsyncLocalStorage<Pace>();

/** The items a paging read asks for: `limit`, or fewer within a pace (its `itemsPerRead`). */
export function pacedLimit(limit: number | undefined): number | undefined {
  const pace = paces.getStore();
  return pace ? Math.min(limit ?? pace.itemsPerRead, pace.itemsPerRead) : limit;
}

/** The read budget of the request running, if it has one. */
export function currentReadPace(): Pace | undefined {
  return paces.getStore();
}
