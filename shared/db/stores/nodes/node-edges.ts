import { StateConflict } from '../../../errors.ts';
import { lookAlikeForm } from '../../../text/look-alike-form.ts';
import { type Key, type NodeKind } from '../../table/keys.ts';
import * as keys from '../../table/keys.ts';
import { getItem, mainTable, type Expr } from '../../table/table-ops.ts';
import type { WriteOp } from '../../table/transact.ts';
import type { NodeRecord } from '../../../tree/records.ts';
import type { NodeKindRef } from './node-record.ts';

/**
 * Hierarchy edges `(parent, look-alike form of code) -> child, code`: one item per node, so
 * sibling codes that look alike meet on one key and a conditional put keeps them unique under
 * concurrent writes; a path segment is one read. Edges written before look-alike forms were
 * used are keyed by the code as typed and hold no `code`: they still resolve and still block an
 * exact duplicate, and any write of their node's edge removes them.
 */

/** The edge key of a code under a parent: its look-alike form (keys.nodeEdge). */
export function edgeKey(ref: NodeKindRef, companyId: string, parentId: string | null, code: string): Key {
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
export function edgePuts(ref: NodeKindRef, companyId: string, node: NodeRecord): WriteOp[] {
  const duplicate = () => new StateConflict('DuplicateCode', `Another ${ref.label.replace(/^The /, '').toLowerCase()} under the same parent already has this code or one that looks like it; choose another code.`, 'code');
  const absentOrMine: Expr = { expression: 'attribute_not_exists(pk) OR childId = :self', values: { ':self': node.id } };
  const typed = typedEdgeKey(ref, companyId, node.parentId, node.code);
  return [
    mainTable.put({ ...edgeKey(ref, companyId, node.parentId, node.code), entity: `${ref.kind}_EDGE`, childId: node.id, code: node.code }, { condition: absentOrMine, onConditionFailed: duplicate }),
    ...(typed ? [mainTable.check(typed, absentOrMine, duplicate)] : []),
  ];
}

/** Deletes the edge of a code under a parent (and its older, typed-code key), except the sort key `keep` a put in the same transaction rewrites. */
export function edgeDeletes(ref: NodeKindRef, companyId: string, parentId: string | null, code: string, keep?: string): WriteOp[] {
  const typed = typedEdgeKey(ref, companyId, parentId, code);
  return [edgeKey(ref, companyId, parentId, code), ...(typed ? [typed] : [])].filter((key) => key.sk !== keep).map((key) => mainTable.delete(key));
}

/**
 * The child of `parentId` whose code is exactly `code` (NFC): the edge under the code's form
 * must hold that code. An older edge without `code` is keyed by its code: when the code is its
 * own form that is the same key, otherwise one more read finds it.
 */
export async function childWithCode(kind: NodeKind, companyId: string, parentId: string | null, code: string): Promise<string | undefined> {
  const form = lookAlikeForm(code);
  const edge = await getItem(keys.nodeEdge(kind, companyId, parentId, form));
  if (edge && (edge.code ?? form) === code) return edge.childId as string;
  if (form === code) return undefined;
  const typed = await getItem(keys.nodeEdge(kind, companyId, parentId, code));
  return typed?.childId as string | undefined;
}
