import * as z from './zod.ts';
import { lazy } from './lazy.ts';

/**
 * The shape of a code hierarchy (accounts and cost centers alike) as the API names it: a node is
 * a UUID or a path of codes, at most MAX_DEPTH deep, and knows how many levels lie below it.
 * Pure; the tree's rules (tree/rules.ts), the field schemas and the node store build on it.
 */

export const MAX_DEPTH = 32;
export const PATH_SEPARATOR = '.';

/** A reference that parses as a UUID is an id; anything else is a path (spec: Code paths, rule 1). */
const AnyUuid = /* @__PURE__ */ lazy(() => z.uuid());

export function isUuidReference(reference: string): boolean {
  return AnyUuid().safeParse(reference).success;
}

/** The codes of a path, or null when it has an empty segment (`a..b`, `.a`, `a.`). */
export function pathSegments(path: string): string[] | null {
  const segments = path.split(PATH_SEPARATOR);
  return segments.every((s) => s.length > 0) ? segments : null;
}

/**
 * Level counts: `levels[k]` is how many descendants lie k+1 levels below a node (`levels[0]`:
 * its children). Every node keeps its own, moved by the same transactions that add, move or
 * delete nodes below it, so the height of any subtree is one read and never a walk.
 */
export type Levels = readonly number[];

/** How many levels lie below the node: 0 for a node without children. */
export function heightOf(levels: Levels): number {
  let height = levels.length;
  while (height > 0 && !levels[height - 1]) height--;
  return height;
}
