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

/**
 * Whether a subtree of this height may hang under a parent with this chain (root first, the
 * parent last; empty for a root): its deepest node stays within MAX_DEPTH levels.
 */
export function fitsUnder(parentChain: ReadonlyArray<unknown>, subtreeHeight: number): boolean {
  return parentChain.length + 1 + subtreeHeight <= MAX_DEPTH;
}

/**
 * How the level counts of each ancestor in `chain` (root first, the parent last) change when a
 * subtree (its top node, with that node's levels) joins (+1) or leaves (-1) below it. Summed per
 * ancestor with `addLevelChanges`, a move is a leave from the old chain and a join to the new.
 */
export function levelChanges(chain: ReadonlyArray<{ id: string }>, subtree: Levels, sign: 1 | -1): Map<string, number[]> {
  return new Map(
    chain.map((ancestor, index) => {
      const distance = chain.length - index;
      const change: number[] = Array.from({ length: distance + subtree.length }, () => 0);
      change[distance - 1] = sign;
      subtree.forEach((count, level) => (change[distance + level] = sign * count));
      return [ancestor.id, change];
    }),
  );
}

export function addLevelChanges(a: Map<string, number[]>, b: Map<string, number[]>): Map<string, number[]> {
  const sum = new Map(a);
  for (const [id, change] of b) {
    const other = sum.get(id) ?? [];
    sum.set(id, Array.from({ length: Math.max(other.length, change.length) }, (_, i) => (other[i] ?? 0) + (change[i] ?? 0)));
  }
  return sum;
}

/**
 * The level counts of every node of a tree, counted from the parent links alone (a recount of
 * what the writes keep). A parent link that loops is followed at most once round.
 */
export function countLevels(nodes: ReadonlyArray<{ id: string; parentId: string | null }>): Map<string, number[]> {
  const parentOf = new Map(nodes.map((n) => [n.id, n.parentId]));
  const levels = new Map<string, number[]>(nodes.map((n) => [n.id, []]));
  for (const node of nodes) {
    let distance = 0;
    for (let up = node.parentId; up && distance < nodes.length; up = parentOf.get(up) ?? null) {
      const counts = levels.get(up);
      if (!counts) break;
      counts[distance] = (counts[distance] ?? 0) + 1;
      distance++;
    }
  }
  return new Map([...levels].map(([id, counts]) => [id, Array.from(counts, (c) => c ?? 0)]));
}

/** The node and every node below it, by id, from the parent links of all the company's nodes. */
export function subtreeIds(nodes: ReadonlyArray<{ id: string; parentId: string | null }>, rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const node of nodes) if (node.parentId) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.id]);
  const ids = new Set<string>([rootId]);
  for (const id of ids) for (const child of children.get(id) ?? []) ids.add(child);
  return ids;
}
