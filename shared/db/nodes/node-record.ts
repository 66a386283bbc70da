import { keys, type NodeKind } from '../keys.ts';
import type { Item } from '../table-ops.ts';

/**
 * A hierarchy node (account, cost center) as stored. The item holds its own code and parent
 * only; `path` is derived from the ancestor chain on every read, so a move or a code change
 * of an ancestor shows at once without rewriting descendants.
 */
/** What every node's attributes hold; each kind adds its own (accounts: type, classification). */
export interface NodeAttributes {
  name: { arabic: string; english: string };
}

export interface NodeRecord<A extends NodeAttributes = NodeAttributes> {
  id: string;
  code: string;
  parentId: string | null;
  childCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** The kind's attributes (name, type, classification, status...). */
  attributes: A;
}

/** Item attributes that belong to every node (keys, bookkeeping); the rest are the kind's. */
const BASE_FIELDS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'entity', 'id', 'code', 'parentId', 'childCount', 'guard', 'guardUntil', 'version', 'createdAt', 'updatedAt', 'searchText']);

/** The node of an item this module wrote from a NodeRecord<A>, so its attributes are an A. */
export function nodeFromItem<A extends NodeAttributes = NodeAttributes>(item: Item): NodeRecord<A> {
  return {
    id: item.id as string,
    code: item.code as string,
    parentId: (item.parentId as string | undefined) ?? null,
    childCount: (item.childCount as number | undefined) ?? 0,
    version: item.version as number,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    attributes: Object.fromEntries(Object.entries(item).filter(([k]) => !BASE_FIELDS.has(k))) as unknown as A,
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
    childCount: node.childCount,
    version: node.version,
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
    searchText,
  };
}
