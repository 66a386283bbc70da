import { NotFound, StateConflict, VersionConflict, type AppError } from '../../errors.ts';
import { keys, type NodeKind } from '../keys.ts';
import { NODE_CONDITIONS, type NodeConditionName } from '../node-conditions.ts';
import { conditions, mainTable, type Expr } from '../table-ops.ts';
import type { WriteOp } from '../transact.ts';
import { heldGuard } from '../write-guard.ts';
import { nodeFromItem, nodeItem, type NodeRecord } from './node-record.ts';

/**
 * The transaction items of node writes; the use case commits them together. An edge item
 * `(parent, code) -> child` keeps sibling codes unique; the parent's child counter guards
 * deletes; every condition names the error its failure means.
 */
export interface NodeKindRef {
  kind: NodeKind;
  /** Human name in error messages ("The account"). */
  label: string;
}

/** A new node, its edge (unique sibling code) and the parent's child counter. */
export function createNodeOps(ref: NodeKindRef, companyId: string, node: NodeRecord, searchText: string, parentMust?: NodeConditionName): WriteOp[] {
  const ops = [edgePut(ref, companyId, node.parentId, node.code, node.id), mainTable.put(nodeItem(ref.kind, companyId, node, searchText), { condition: conditions.absent })];
  if (node.parentId) ops.push(childCounter(ref, companyId, node.parentId, 1, parentMust && NODE_CONDITIONS[parentMust]));
  return ops;
}

/**
 * Replaces a node's fields conditionally on the version read. When the code or parent
 * changed, the edge moves; when the parent changed, both parents' counters move and every
 * ancestor of the new parent is checked unchanged, so two concurrent moves cannot form a cycle.
 */
export function updateNodeOps(
  ref: NodeKindRef,
  companyId: string,
  before: NodeRecord,
  after: NodeRecord,
  searchText: string,
  newParentChain: NodeRecord[],
  parentMust?: NodeConditionName,
): WriteOp[] {
  const ops: WriteOp[] = [fieldsUpdate(ref, companyId, before, after, searchText)];
  if (before.code !== after.code || before.parentId !== after.parentId) {
    ops.push(edgeDelete(ref, companyId, before.parentId, before.code), edgePut(ref, companyId, after.parentId, after.code, after.id));
  }
  if (before.parentId !== after.parentId) {
    // Each item may appear once per transaction, so a parent that is also an ancestor of
    // the new parent carries its "parent unchanged" check inside its counter update.
    const unchanged = new Map(newParentChain.map((a) => [a.id, parentUnchanged(a)]));
    if (before.parentId) ops.push(childCounter(ref, companyId, before.parentId, -1, unchanged.get(before.parentId)));
    if (after.parentId) ops.push(childCounter(ref, companyId, after.parentId, 1, conditions.all(parentMust && NODE_CONDITIONS[parentMust], unchanged.get(after.parentId))));
    for (const ancestor of newParentChain) {
      if (ancestor.id === before.parentId || ancestor.id === after.parentId) continue;
      ops.push(
        mainTable.check(keys.node(ref.kind, companyId, ancestor.id), parentUnchanged(ancestor), () =>
          new VersionConflict('The hierarchy changed while this move was being made; read it again and retry.'),
        ),
      );
    }
  }
  return ops;
}

/** Deletes a childless node, conditionally on its version and on the delete guard it holds. */
export function deleteNodeOps(ref: NodeKindRef, companyId: string, node: NodeRecord, guard: string): WriteOp[] {
  const ops = [
    mainTable.delete(keys.node(ref.kind, companyId, node.id), {
      condition: conditions.all(conditions.atVersion(node.version), { expression: 'childCount = :zero', values: { ':zero': 0 } }, heldGuard(guard)),
      returnOld: true,
      onConditionFailed: (old) => {
        if (!old) return new NotFound(ref.label);
        return old.version === node.version ? (childrenError(ref, nodeFromItem(old)) ?? new VersionConflict()) : new VersionConflict();
      },
    }),
    edgeDelete(ref, companyId, node.parentId, node.code),
  ];
  if (node.parentId) ops.push(childCounter(ref, companyId, node.parentId, -1));
  return ops;
}

export function childrenError(ref: NodeKindRef, node: NodeRecord): AppError | undefined {
  return node.childCount > 0 ? new StateConflict('HasChildren', `${ref.label} has children; move or delete them first.`) : undefined;
}

/**
 * Sets the node's own fields, conditionally on its version. An Update, not a Put: the child
 * counter (moved by other requests without a version change) and a delete guard stay as stored.
 */
function fieldsUpdate(ref: NodeKindRef, companyId: string, before: NodeRecord, after: NodeRecord, searchText: string): WriteOp {
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
    { condition: conditions.atVersion(before.version), onConditionFailed: () => new VersionConflict() },
  );
}

function edgePut(ref: NodeKindRef, companyId: string, parentId: string | null, code: string, childId: string): WriteOp {
  return mainTable.put(
    { ...keys.nodeEdge(ref.kind, companyId, parentId, code), entity: `${ref.kind}_EDGE`, childId },
    {
      condition: conditions.absent,
      onConditionFailed: () => new StateConflict('DuplicateCode', `Another ${ref.label.replace(/^The /, '').toLowerCase()} under the same parent already has this code.`, 'code'),
    },
  );
}

function edgeDelete(ref: NodeKindRef, companyId: string, parentId: string | null, code: string): WriteOp {
  return mainTable.delete(keys.nodeEdge(ref.kind, companyId, parentId, code));
}

function childCounter(ref: NodeKindRef, companyId: string, parentId: string, delta: 1 | -1, condition?: Expr): WriteOp {
  return mainTable.update(
    keys.node(ref.kind, companyId, parentId),
    { expression: 'ADD childCount :delta', values: { ':delta': delta } },
    {
      condition: conditions.all(conditions.present, condition),
      returnOld: true,
      // The parent vanished, stopped qualifying, or (for a move) its own ancestry changed.
      onConditionFailed: (old) => (old ? new VersionConflict('The parent changed while this write was being made; read it again and retry.') : new NotFound('The parent', 'parentId')),
    },
  );
}

/** The ancestor still hangs where it did when the move read it. */
function parentUnchanged(ancestor: NodeRecord): Expr {
  const placeholder = `:parentOf${ancestor.id.replaceAll('-', '')}`;
  return ancestor.parentId ? { expression: `parentId = ${placeholder}`, values: { [placeholder]: ancestor.parentId } } : { expression: 'attribute_not_exists(parentId)' };
}
