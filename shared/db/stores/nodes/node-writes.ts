import { NotFound, StateConflict, VersionConflict, type AppError } from '../../../errors.ts';
import type { NodeConditionName, NodeRecord } from '../../../tree/records.ts';
import * as keys from '../../table/keys.ts';
import { conditions, mainTable, type Expr } from '../../table/table-ops.ts';
import type { WriteOp } from '../../table/transact.ts';
import { heldGuard } from '../../table/write-guard.ts';
import { edgeDeletes, edgeKey, edgePuts } from './node-edges.ts';
import { addLevelChanges, levelChanges } from './level-counts.ts';
import { levelsAsRead, levelWrites } from './node-levels.ts';
import { nodeFromItem, nodeItem, type NodeKindRef } from './node-record.ts';

// capacity/use-pins.ts names the store's kind by this module.
export type { NodeKindRef } from './node-record.ts';

/**
 * The transaction items of node writes; the use case commits them together. An edge item
 * (node-edges.ts) keeps sibling codes unique, also by look; each ancestor's level counts
 * (node-levels.ts) move with every node added, moved or deleted below it, and every ancestor
 * whose counts move is checked to hang where it was read, so two writes at once can neither
 * form a cycle nor grow the tree past MAX_DEPTH; every condition names the error its failure
 * means.
 */
/** Where a moved node hung and where it goes: the ancestor chains (root first, the parent last) as read. */
export interface Move {
  oldParentChain: NodeRecord[];
  newParentChain: NodeRecord[];
}

/** A new node, its edge (unique sibling code) and its ancestors' level counts. */
export function createNodeOps(ref: NodeKindRef, companyId: string, node: NodeRecord, searchText: string, parentChain: NodeRecord[], parentMust?: NodeConditionName): WriteOp[] {
  return [
    ...edgePuts(ref, companyId, node),
    mainTable.put(nodeItem(ref.kind, companyId, node, searchText), { condition: conditions.absent }),
    ...levelWrites(ref, companyId, parentChain, levelChanges(parentChain, [], 1), { newParentId: node.parentId, parentMust }),
  ];
}

/**
 * Replaces a node's fields conditionally on the version read. When the code or parent
 * changed, the edge moves. When the parent changed (`move`), the subtree's level counts leave
 * the old ancestors and join the new ones; the node itself must still have the levels read
 * (nothing added below it meanwhile) and every ancestor on both sides must hang where it was
 * read, so the depth the use case checked is the depth committed. A write made under the
 * node's usage guard (`guard`, node-usage.ts) requires it still held, and releases it.
 */
export function updateNodeOps(
  ref: NodeKindRef,
  companyId: string,
  before: NodeRecord,
  after: NodeRecord,
  searchText: string,
  move?: Move,
  parentMust?: NodeConditionName,
  guard?: string,
): WriteOp[] {
  const moved = before.parentId !== after.parentId;
  if (moved && !move) throw new Error('A move needs both ancestor chains');
  const condition = conditions.all(moved ? levelsAsRead(before.levels) : undefined, guard ? heldGuard(guard) : undefined);
  const ops: WriteOp[] = [fieldsUpdate(ref, companyId, before, after, searchText, condition, guard !== undefined)];
  if (before.code !== after.code || moved) {
    const next = edgeKey(ref, companyId, after.parentId, after.code);
    ops.push(...edgeDeletes(ref, companyId, before.parentId, before.code, next.sk), ...edgePuts(ref, companyId, after));
  }
  if (move && moved) {
    const changes = addLevelChanges(levelChanges(move.oldParentChain, before.levels, -1), levelChanges(move.newParentChain, before.levels, 1));
    const ancestors = [...new Map([...move.oldParentChain, ...move.newParentChain].map((a) => [a.id, a])).values()];
    ops.push(...levelWrites(ref, companyId, ancestors, changes, { newParentId: after.parentId, oldParentId: before.parentId, parentMust }));
  }
  return ops;
}

/** Deletes a childless node, conditionally on its version and on the delete guard it holds; its ancestors count one node fewer. */
export function deleteNodeOps(ref: NodeKindRef, companyId: string, node: NodeRecord, parentChain: NodeRecord[], guard: string): WriteOp[] {
  return [
    mainTable.delete(keys.node(ref.kind, companyId, node.id), {
      condition: conditions.all(conditions.atVersion(node.version), { expression: 'childCount = :zero', values: { ':zero': 0 } }, heldGuard(guard)),
      returnOld: true,
      onConditionFailed: (old) => {
        if (!old) return new NotFound(ref.label);
        return old.version === node.version ? (childrenError(ref, nodeFromItem(old)) ?? new VersionConflict()) : new VersionConflict();
      },
    }),
    ...edgeDeletes(ref, companyId, node.parentId, node.code),
    ...levelWrites(ref, companyId, parentChain, levelChanges(parentChain, [], -1), { oldParentId: node.parentId }),
  ];
}

export function childrenError(ref: NodeKindRef, node: NodeRecord): AppError | undefined {
  return (node.levels[0] ?? 0) > 0 ? new StateConflict('HasChildren', `${ref.label} has children; move or delete them first.`) : undefined;
}

/**
 * Sets the node's own fields, conditionally on its version. An Update, not a Put: the child
 * counter (moved by other requests without a version change) and a delete guard stay as stored.
 */
function fieldsUpdate(ref: NodeKindRef, companyId: string, before: NodeRecord, after: NodeRecord, searchText: string, condition?: Expr, releaseGuard = false): WriteOp {
  const { pk: _pk, sk: _sk, childCount: _childCount, ...fields } = nodeItem(ref.kind, companyId, after, searchText);
  const gone = Object.keys(before.attributes).filter((k) => !(k in after.attributes));
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  Object.entries(fields).forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    if (value === undefined) removes.push(`#f${i}`);
    else {
      sets.push(`#f${i} = :f${i}`);
      values[`:f${i}`] = value;
    }
  });
  [...gone, ...(releaseGuard ? ['guard', 'guardUntil'] : [])].forEach((field, i) => {
    names[`#g${i}`] = field;
    removes.push(`#g${i}`);
  });
  return mainTable.update(
    keys.node(ref.kind, companyId, after.id),
    { expression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`, names, values },
    { condition: conditions.all(conditions.atVersion(before.version), condition), onConditionFailed: () => new VersionConflict() },
  );
}
