import * as z from '../schemas/zod.ts';
import { lazy } from '../schemas/lazy.ts';

/** Pure rules of a code hierarchy (accounts and cost centers alike). */

export const MAX_DEPTH = 32;
export const PATH_SEPARATOR = '.';

/** A reference that parses as a UUID is an id; anything else is a path (spec: Code paths, rule 1). */
const AnyUuid = lazy(() => z.uuid());

export function isUuidReference(reference: string): boolean {
  return AnyUuid().safeParse(reference).success;
}

/** The codes of a path, or null when it has an empty segment (`a..b`, `.a`, `a.`). */
export function pathSegments(path: string): string[] | null {
  const segments = path.split(PATH_SEPARATOR);
  return segments.every((s) => s.length > 0) ? segments : null;
}

/** `path` of a node: the codes from the root down to it, joined by '.'. */
export function joinPath(chain: ReadonlyArray<{ code: string }>): string {
  return chain.map((n) => n.code).join(PATH_SEPARATOR);
}

/**
 * Whether putting `nodeId` under a parent with the given ancestry (root first, parent last)
 * would make the node its own ancestor.
 */
export function createsCycle(nodeId: string, parentChain: ReadonlyArray<{ id: string }>): boolean {
  return parentChain.some((n) => n.id === nodeId);
}
