import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts the DynamoDB calls a request makes, and how many of them ran in sequence, for its log
 * line. A request context rather than a module counter, because the local gateway serves
 * requests concurrently in one process.
 */
interface Tally {
  calls: number;
  /** The longest chain of calls so far, each sent after the one before it answered. */
  depth: number;
  /** The deepest chain among the calls that have answered: a call sent now extends it. */
  answered: number;
}

const current = new AsyncLocalStorage<Tally>();

export async function countingDatabaseCalls<T>(run: () => Promise<T>): Promise<{ result: T; calls: number; depth: number }> {
  const tally: Tally = { calls: 0, depth: 0, answered: 0 };
  const result = await current.run(tally, run);
  return { result, calls: tally.calls, depth: tally.depth };
}

/**
 * Called by the client's middleware once per command sent (retries of one command not
 * counted); returns what to call when it has answered. Calls sent before any other answered
 * (in parallel) share one place in the sequence.
 */
export function countDatabaseCall(): () => void {
  const tally = current.getStore();
  if (!tally) return () => undefined;
  tally.calls++;
  const at = tally.answered + 1;
  tally.depth = Math.max(tally.depth, at);
  return () => {
    tally.answered = Math.max(tally.answered, at);
  };
}
