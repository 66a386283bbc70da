import { MAX_DEPTH, PATH_SEPARATOR } from '../schemas/hierarchy.ts';

/** Pure rules of a code hierarchy (accounts and cost centers alike). */

// The hierarchy's shape is the API's (paths, depth, level counts); the tree's rules build on it.
export { heightOf, isUuidReference, MAX_DEPTH, PATH_SEPARATOR, pathSegments, type Levels } from '../schemas/hierarchy.ts';

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

/**
 * Whether a subtree of this height may hang under a parent with this chain (root first, the
 * parent last; empty for a root): its deepest node stays within MAX_DEPTH levels.
 */
export function fitsUnder(parentChain: ReadonlyArray<unknown>, subtreeHeight: number): boolean {
  return parentChain.length + 1 + subtreeHeight <= MAX_DEPTH;
}

/** The node and every node below it, by id, from the parent links of all the company's nodes. */
export function subtreeIds(nodes: ReadonlyArray<{ id: string; parentId: string | null }>, rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const node of nodes) if (node.parentId) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.id]);
  const ids = new Set<string>([rootId]);
  for (const id of ids) for (const child of children.get(id) ?? []) ids.add(child);
  return ids;
}
