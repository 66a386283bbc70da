/**
 * A schema built on first use. Every function's bundle holds the whole route table, but
 * building zod schemas is most of what a cold start costs (about 35 ms for all of them on
 * these machines), so a handler builds only its own route's schemas, once.
 */
export function lazy<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
