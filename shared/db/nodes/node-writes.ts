import { NotFound, StateConflict, VersionConflict, type AppError } from '../../errors.ts';
import { lookAlikeForm } from '../../text/look-alike-form.ts';
import { addLevelChanges, heightOf, levelChanges } from '../../tree/rules.ts';
import { keys, type Key, type NodeKind } from '../keys.ts';
import { NODE_CONDITIONS, type NodeConditionName } from '../node-conditions.ts';
import { conditions, mainTable, type Expr } from '../table-ops.ts';
import type { WriteOp } from '../transact.ts';
import { heldGuard } from '../write-guard.ts';
import { levelAttribute, nodeFromItem, nodeItem, type NodeRecord } from './node-record.ts';

/**
 * The transaction items of node writes; the use case commits them together. An edge item
 * `(parent, look-alike form of code) -> child` keeps sibling codes unique; each ancestor's level
 * counts (tree/rules.ts, Levels) move with every node added, moved or deleted below it, and
 * every ancestor whose counts move is checked to hang where it was read, so two writes at once
 * can neither form a cycle nor grow the tree past MAX_DEPTH; every condition names the error
 * its failure means.
 */
export interface NodeKindRef {
  kind: NodeKind;
  /** Human name in error messages ("The account"). */
  label: string;
}

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
 * read, so the depth the use case checked is the depth committed.
 */
export function updateNodeOps(
  ref: NodeKindRef,
  companyId: string,
  before: NodeRecord,
  after: NodeRecord,
  searchText: string,
  move?: Move,
  parentMust?: NodeConditionName,
): WriteOp[] {
  const moved = before.parentId !== after.parentId;
  if (moved && !move) throw new Error('A move needs both ancestor chains');
  const ops: WriteOp[] = [fieldsUpdate(ref, companyId, before, after, searchText, moved ? levelsAsRead(before.levels) : undefined)];
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
function fieldsUpdate(ref: NodeKindRef, companyId: string, before: NodeRecord, after: NodeRecord, searchText: string, condition?: Expr): WriteOp {
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
  gone.forEach((field, i) => {
    names[`#g${i}`] = field;
    removes.push(`#g${i}`);
  });
  return mainTable.update(
    keys.node(ref.kind, companyId, after.id),
    { expression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`, names, values },
    { condition: conditions.all(conditions.atVersion(before.version), condition), onConditionFailed: () => new VersionConflict() },
  );
}

/** The edge key of a code under a parent: its look-alike form (keys.nodeEdge). */
function edgeKey(ref: NodeKindRef, companyId: string, parentId: string | null, code: string): Key {
  return keys.nodeEdge(ref.kind, companyId, parentId, lookAlikeForm(code));
}

/**
 * The key an edge written before forms were used has: the code as typed, when that is not its
 * own form. Such a key never equals a form (forms are their own form), so it is never another
 * node's edge.
 */
function typedEdgeKey(ref: NodeKindRef, companyId: string, parentId: string | null, code: string): Key | undefined {
  return lookAlikeForm(code) === code ? undefined : keys.nodeEdge(ref.kind, companyId, parentId, code);
}

/**
 * The node's edge under its form, unless a sibling's code has the same form; and no edge of an
 * older sibling with exactly this code, written before forms were used.
 */
function edgePuts(ref: NodeKindRef, companyId: string, node: NodeRecord): WriteOp[] {
  const duplicate = () => new StateConflict('DuplicateCode', `Another ${ref.label.replace(/^The /, '').toLowerCase()} under the same parent already has this code or one that looks like it.`, 'code');
  const absentOrMine: Expr = { expression: 'attribute_not_exists(pk) OR childId = :self', values: { ':self': node.id } };
  const typed = typedEdgeKey(ref, companyId, node.parentId, node.code);
  return [
    mainTable.put({ ...edgeKey(ref, companyId, node.parentId, node.code), entity: `${ref.kind}_EDGE`, childId: node.id, code: node.code }, { condition: absentOrMine, onConditionFailed: duplicate }),
    ...(typed ? [mainTable.check(typed, absentOrMine, duplicate)] : []),
  ];
}

/** Deletes the edge of a code under a parent (and its older, typed-code key), except the sort key `keep` a put in the same transaction rewrites. */
function edgeDeletes(ref: NodeKindRef, companyId: string, parentId: string | null, code: string, keep?: string): WriteOp[] {
  const typed = typedEdgeKey(ref, companyId, parentId, code);
  return [edgeKey(ref, companyId, parentId, code), ...(typed ? [typed] : [])].filter((key) => key.sk !== keep).map((key) => mainTable.delete(key));
}

interface LevelWriteOptions {
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
function levelWrites(ref: NodeKindRef, companyId: string, ancestors: NodeRecord[], changes: Map<string, number[]>, options: LevelWriteOptions): WriteOp[] {
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
function levelsAsRead(levels: readonly number[]): Expr {
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
