import { NotFound, VersionConflict } from '../../../errors.ts';
import { heightOf, MAX_DEPTH } from '../../../schemas/hierarchy.ts';
import type { NodeConditionName, NodeRecord } from '../../../tree/records.ts';
import * as keys from '../../table/keys.ts';
import { NODE_CONDITIONS } from '../node-conditions.ts';
import { conditions, mainTable, type Expr } from '../../table/table-ops.ts';
import { transactWrite, type WriteOp } from '../../table/transact.ts';
import { allNodes } from './node-reads.ts';
import { countLevels } from './level-counts.ts';
import { levelAttribute, type NodeKindRef } from './node-record.ts';

/**
 * The level counts of nodes (schemas/hierarchy.ts, Levels) as transaction items: ADDs to the
 * ancestors a write changes the subtree of, each conditional on the ancestor hanging where it
 * was read, and the condition that a moved node still has the counts read. Together they make
 * the depth a use case checked the depth that commits.
 */

export interface LevelWriteOptions {
  /** The new parent: it must still meet `parentMust`, and a missing one is a 404 naming parentId. */
  newParentId?: string | null;
  oldParentId?: string | null;
  parentMust?: NodeConditionName | undefined;
}

/**
 * Adds each ancestor's level-count changes (one item per ancestor: a parent that is also an
 * ancestor on the other side carries both), conditionally on the ancestor hanging where it was
 * read; an ancestor whose counts do not change is checked all the same.
 */
export function levelWrites(ref: NodeKindRef, companyId: string, ancestors: NodeRecord[], changes: Map<string, number[]>, options: LevelWriteOptions): WriteOp[] {
  return ancestors.map((ancestor) => {
    const isNewParent = ancestor.id === options.newParentId;
    const isParent = isNewParent || ancestor.id === options.oldParentId;
    const condition = conditions.all(conditions.present, parentUnchanged(ancestor), isNewParent && options.parentMust ? NODE_CONDITIONS[options.parentMust] : undefined)!;
    // The ancestor vanished (only a parent can: the others have children), stopped qualifying, or moved.
    const failed = (old: Record<string, unknown> | undefined) =>
      !old && isNewParent
        ? new NotFound('The parent', 'parentId')
        : new VersionConflict(isParent ? 'The parent changed while this write was being made; read it again and retry.' : 'The hierarchy changed while this write was being made; read it again and retry.');
    const add = (changes.get(ancestor.id) ?? []).map((delta, i) => ({ attribute: levelAttribute(i + 1), delta })).filter((c) => c.delta !== 0);
    if (add.length === 0) return mainTable.check(keys.node(ref.kind, companyId, ancestor.id), condition, failed, true);
    return mainTable.update(
      keys.node(ref.kind, companyId, ancestor.id),
      {
        expression: `ADD ${add.map((_, i) => `#lv${i} :lv${i}`).join(', ')}`,
        names: Object.fromEntries(add.map((c, i) => [`#lv${i}`, c.attribute])),
        values: Object.fromEntries(add.map((c, i) => [`:lv${i}`, c.delta])),
      },
      { condition, returnOld: true, onConditionFailed: failed },
    );
  });
}

/** The node still has exactly the level counts read: nothing was added, moved or deleted below it. */
export function levelsAsRead(levels: readonly number[]): Expr {
  const parts = Array.from({ length: heightOf(levels) + 1 }, (_, i): Expr => {
    const count = levels[i] ?? 0;
    const names = { [`#was${i}`]: levelAttribute(i + 1) };
    return count === 0
      ? { expression: `attribute_not_exists(#was${i}) OR #was${i} = :wasZero`, names, values: { ':wasZero': 0 } }
      : { expression: `#was${i} = :was${i}`, names, values: { [`:was${i}`]: count } };
  });
  return conditions.all(...parts)!;
}


/** The ancestor still hangs where it did when the write read it. */
function parentUnchanged(ancestor: NodeRecord): Expr {
  const placeholder = `:parentOf${ancestor.id.replaceAll('-', '')}`;
  return ancestor.parentId ? { expression: `parentId = ${placeholder}`, values: { [placeholder]: ancestor.parentId } } : { expression: 'attribute_not_exists(parentId)' };
}

/**
 * Recounts the level counts of every node of a kind in the company from the parent links and
 * writes those that differ, each conditional on the counts it replaces (a write meanwhile makes
 * it fail: run it again). For trees written before level counts were kept; a maintenance step,
 * not for a request path. Returns how many nodes there are and how many were corrected.
 */
export async function recountLevels(ref: NodeKindRef, companyId: string): Promise<{ nodes: number; corrected: number }> {
  const nodes = await allNodes(ref.kind, companyId);
  const counted = countLevels(nodes);
  let corrected = 0;
  for (const node of nodes) {
    const levels = counted.get(node.id)!;
    if (sameLevels(levels, node.levels)) continue;
    // The children's count is always stored; a deeper count of zero is removed (absent reads as zero).
    const all = Array.from({ length: MAX_DEPTH - 1 }, (_, i) => ({ attribute: levelAttribute(i + 1), count: levels[i] ?? 0 }));
    const set = all.filter((level, i) => i === 0 || level.count > 0);
    const remove = all.filter((level, i) => i > 0 && level.count === 0);
    const names = Object.fromEntries([...set.map((l, i) => [`#set${i}`, l.attribute]), ...remove.map((l, i) => [`#rm${i}`, l.attribute])]);
    const values = Object.fromEntries(set.map((l, i) => [`:set${i}`, l.count]));
    const expression = `SET ${set.map((_, i) => `#set${i} = :set${i}`).join(', ')}${remove.length > 0 ? ` REMOVE ${remove.map((_, i) => `#rm${i}`).join(', ')}` : ''}`;
    await transactWrite([
      mainTable.update(keys.node(ref.kind, companyId, node.id), { expression, names, values }, { condition: conditions.all(conditions.present, levelsAsRead(node.levels)), onConditionFailed: () => new VersionConflict(`${ref.label} ${node.code} changed during the recount; run it again.`) }),
    ]);
    corrected++;
  }
  return { nodes: nodes.length, corrected };
}

const sameLevels = (a: readonly number[], b: readonly number[]) => heightOf(a) === heightOf(b) && a.slice(0, heightOf(a)).every((count, i) => count === b[i]);
