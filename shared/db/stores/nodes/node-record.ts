import { MAX_DEPTH } from '../../../schemas/hierarchy.ts';
import type { NodeAttributes, NodeRecord } from '../../../tree/records.ts';
import type { StoredNode } from '../../capacity/pinned.ts';
import { type NodeKind } from '../../table/keys.ts';
import * as keys from '../../table/keys.ts';
import type { Item } from '../../table/table-ops.ts';

/**
 * A hierarchy node (account, cost center) as stored. The item holds its own code and parent
 * only; `path` is derived from the ancestor chain on every read, so a move or a code change
 * of an ancestor shows at once without rewriting descendants.
 */

/** A node store bound to one kind, as the writes name it. */
export interface NodeKindRef {
  kind: NodeKind;
  /** Human name in error messages ("The account"). */
  label: string;
}

/** The accounts and the cost centers as the writes that name them (journal lines' references) take them. */
export const accountKind: NodeKindRef = { kind: 'ACCOUNT', label: 'The account' };
export const costCenterKind: NodeKindRef = { kind: 'COST_CENTER', label: 'The cost center' };

/**
 * The item attribute holding the count of descendants `level` levels below: `childCount` for
 * the children (the name conditions and older items use), `below2` ... `below31` deeper down.
 */
export const levelAttribute = (level: number) => (level === 1 ? 'childCount' : `below${level}`);
const LEVEL_ATTRIBUTES = Array.from({ length: MAX_DEPTH - 1 }, (_, i) => levelAttribute(i + 1));

/** Item attributes that belong to every node (keys, bookkeeping); the rest are the kind's. */
const BASE_FIELDS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'entity', 'id', 'code', 'parentId', ...LEVEL_ATTRIBUTES, 'guard', 'guardUntil', 'pinnedUntil', 'version', 'createdAt', 'updatedAt', 'searchText']);

function levelsOf(item: Item): number[] {
  const levels = LEVEL_ATTRIBUTES.map((name) => (item[name] as number | undefined) ?? 0);
  while (levels.length > 0 && levels.at(-1) === 0) levels.pop();
  return levels;
}

/** The node of an item this module wrote from a NodeRecord<A>, so its attributes are an A; with its use pin. */
export function nodeFromItem<A extends NodeAttributes = NodeAttributes>(item: Item): StoredNode<A> {
  return {
    id: item.id as string,
    code: item.code as string,
    parentId: (item.parentId as string | undefined) ?? null,
    levels: levelsOf(item),
    version: item.version as number,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    attributes: Object.fromEntries(Object.entries(item).filter(([k]) => !BASE_FIELDS.has(k))) as unknown as A,
    ...(typeof item.pinnedUntil === 'number' ? { pinnedUntil: item.pinnedUntil } : {}),
  };
}

export function nodeItem(kind: NodeKind, companyId: string, node: NodeRecord, searchText: string): Item {
  return {
    ...node.attributes,
    ...keys.node(kind, companyId, node.id),
    ...keys.nodeByCode(kind, companyId, node.code, node.id),
    ...keys.nodeByCreation(kind, companyId, node.createdAt, node.id),
    entity: kind,
    id: node.id,
    code: node.code,
    parentId: node.parentId ?? undefined,
    // Only the children's count is written whole (0 on a new node); deeper counts start at
    // their first ADD, and an update never sets them (node-writes.ts).
    childCount: node.levels[0] ?? 0,
    version: node.version,
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
    searchText,
  };
}
