import type { Levels } from '../../../schemas/hierarchy.ts';

/**
 * How the level counts each node keeps (schemas/hierarchy.ts, Levels) move when subtrees join or
 * leave below it, and a recount from parent links alone (pure). node-levels.ts writes them.
 */

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
