import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts the DynamoDB calls a request makes, for its log line. A request context rather than a
 * module counter, because the local gateway serves requests concurrently in one process.
 */
const current = new AsyncLocalStorage<{ calls: number }>();

export async function countingDatabaseCalls<T>(run: () => Promise<T>): Promise<{ result: T; calls: number }> {
  const counter = { calls: 0 };
  const result = await current.run(counter, run);
  return { result, calls: counter.calls };
}

/** Called by the client's middleware once per command sent (retries of one command not counted). */
export function countDatabaseCall(): void {
  const counter = current.getStore();
  if (counter) counter.calls++;
}
