/**
 * A schema built on first use: building zod schemas is most of what a cold start costs (about
 * 35 ms for all of them on these machines), so a handler builds only its own route's schemas,
 * once. Modules call it under a `@__PURE__` mark, so a bundle drops the schemas nothing uses.
 */
export function lazy<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
