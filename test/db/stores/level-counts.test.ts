import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addLevelChanges, countLevels, levelChanges } from '../../../shared/db/stores/nodes/level-counts.ts';
import { heightOf } from '../../../shared/schemas/hierarchy.ts';

describe('level counts', () => {
  it('keeps every node\'s level counts equal to a recount through any sequence of creates, moves and deletes', () => {
    type Tree = Map<string, string | null>;
    const recount = (tree: Tree, id: string) => {
      const levels: number[] = [];
      for (const [node] of tree) {
        let distance = 0;
        for (let up = tree.get(node) ?? null; up; up = tree.get(up) ?? null) {
          distance++;
          if (up === id) levels[distance - 1] = (levels[distance - 1] ?? 0) + 1;
        }
      }
      return Array.from(levels, (n) => n ?? 0);
    };
    const chainOf = (tree: Tree, id: string | null) => {
      const chain: Array<{ id: string }> = [];
      for (let up = id; up; up = tree.get(up) ?? null) chain.unshift({ id: up });
      return chain;
    };
    const apply = (kept: Map<string, number[]>, changes: Map<string, number[]>) => {
      for (const [id, change] of changes) {
        const levels = kept.get(id) ?? [];
        kept.set(id, Array.from({ length: Math.max(levels.length, change.length) }, (_, i) => (levels[i] ?? 0) + (change[i] ?? 0)));
      }
    };
    const step = fc.record({ op: fc.constantFrom('create', 'move', 'delete'), node: fc.nat(), parent: fc.nat(), root: fc.boolean() });

    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const tree: Tree = new Map();
        const kept = new Map<string, number[]>();
        let next = 0;
        for (const { op, node, parent, root } of steps) {
          const ids = [...tree.keys()];
          const target = ids.length > 0 ? ids[node % ids.length]! : undefined;
          const newParent = root || ids.length === 0 ? null : ids[parent % ids.length]!;
          if (op === 'create' || !target) {
            const id = `n${next++}`;
            apply(kept, levelChanges(chainOf(tree, newParent), [], 1));
            tree.set(id, newParent);
            kept.set(id, []);
          } else if (op === 'move') {
            const newChain = chainOf(tree, newParent);
            if (newChain.some((a) => a.id === target)) continue; // a cycle: refused
            const subtree = kept.get(target)!;
            apply(kept, addLevelChanges(levelChanges(chainOf(tree, tree.get(target)!), subtree, -1), levelChanges(newChain, subtree, 1)));
            tree.set(target, newParent);
          } else if (heightOf(kept.get(target)!) === 0) {
            apply(kept, levelChanges(chainOf(tree, tree.get(target)!), [], -1));
            tree.delete(target);
            kept.delete(target);
          }
        }
        for (const id of tree.keys()) expect(kept.get(id)!.slice(0, heightOf(kept.get(id)!)), id).toEqual(recount(tree, id));
      }),
    );
  });
});

describe('recounting level counts', () => {
  it('counts descendants per level from parent links, and stops on a loop', () => {
    const counted = countLevels([
      { id: 'r', parentId: null },
      { id: 'a', parentId: 'r' },
      { id: 'b', parentId: 'r' },
      { id: 'c', parentId: 'a' },
      { id: 'x', parentId: 'y' },
      { id: 'y', parentId: 'x' },
    ]);
    expect(counted.get('r')).toEqual([2, 1]);
    expect(counted.get('a')).toEqual([1]);
    expect(counted.get('c')).toEqual([]);
    expect(heightOf(counted.get('x')!)).toBeGreaterThan(0);
  });
});
