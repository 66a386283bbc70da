import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addLevelChanges, countLevels, createsCycle, fitsUnder, heightOf, isUuidReference, joinPath, levelChanges, MAX_DEPTH, pathSegments } from '../../../shared/tree/rules.ts';

describe('hierarchy rules', () => {
  it('treats only a parseable UUID as an id; anything else is a path', () => {
    expect(isUuidReference('3f1c1c9e-6f7b-4b8e-9d7e-2b6a8c1d0e4f')).toBe(true);
    expect(isUuidReference('1.1.01')).toBe(false);
    expect(isUuidReference('3f1c1c9e-6f7b-4b8e-9d7e')).toBe(false);
  });

  it('splits a path into codes and refuses empty segments', () => {
    expect(pathSegments('1.10.101')).toEqual(['1', '10', '101']);
    expect(pathSegments('cash')).toEqual(['cash']);
    expect(pathSegments('1..2')).toBeNull();
    expect(pathSegments('.1')).toBeNull();
    expect(pathSegments('1.')).toBeNull();
  });

  it('joins the codes from the root down', () => {
    expect(joinPath([{ code: '1' }, { code: '11' }, { code: '1101' }])).toBe('1.11.1101');
  });

  it('detects a move under the node itself or a descendant', () => {
    const chain = [{ id: 'root' }, { id: 'a' }, { id: 'b' }];
    expect(createsCycle('a', chain)).toBe(true);
    expect(createsCycle('b', chain)).toBe(true);
    expect(createsCycle('c', chain)).toBe(false);
    expect(createsCycle('a', [])).toBe(false);
  });
});

describe('level counts', () => {
  it('reads a subtree height from its level counts', () => {
    expect(heightOf([])).toBe(0);
    expect(heightOf([3])).toBe(1);
    expect(heightOf([2, 5, 1])).toBe(3);
    expect(heightOf([2, 0, 0])).toBe(1);
  });

  it('fits a subtree under a parent only while its deepest node stays within the limit', () => {
    const chainOf = (length: number) => Array.from({ length }, (_, i) => ({ id: `n${i}` }));
    expect(fitsUnder(chainOf(0), MAX_DEPTH - 1)).toBe(true);
    expect(fitsUnder(chainOf(0), MAX_DEPTH)).toBe(false);
    expect(fitsUnder(chainOf(20), 11)).toBe(true);
    expect(fitsUnder(chainOf(20), 12)).toBe(false);
    expect(fitsUnder(chainOf(MAX_DEPTH - 1), 0)).toBe(true);
    expect(fitsUnder(chainOf(MAX_DEPTH), 0)).toBe(false);
  });

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
