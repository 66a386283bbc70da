import { config } from '../../../config.ts';
import { NotFound, StateConflict } from '../../../errors.ts';
import type { ListQuery, Page } from '../../../schemas/list-query.ts';
import { isUuidReference, MAX_DEPTH, pathSegments } from '../../../schemas/hierarchy.ts';
import type { NodeAttributes, NodeRecord } from '../../../tree/records.ts';
import { batchGetItems } from '../../table/batch-get.ts';
import { keys, type NodeKind } from '../../table/keys.ts';
import { keywordListPage } from '../../table/paginate.ts';
import { withPrefix } from '../../table/prefix-query.ts';
import { queryAll } from '../../table/query-all.ts';
import { getItem } from '../../table/table-ops.ts';
import { childWithCode } from './node-edges.ts';
import { nodeFromItem } from './node-record.ts';

/** Reads of hierarchy nodes: one by id, one by path, all of a company's, a page, and ancestor chains. */

export async function getNode<A extends NodeAttributes>(kind: NodeKind, companyId: string, id: string): Promise<NodeRecord<A> | undefined> {
  const item = await getItem(keys.node(kind, companyId, id));
  return item && nodeFromItem<A>(item);
}

/** Many nodes by id in batched reads (missing ones left out), instead of one read each. */
export async function getNodes<A extends NodeAttributes>(kind: NodeKind, companyId: string, ids: string[]): Promise<NodeRecord<A>[]> {
  return (await batchGetItems(ids.map((id) => keys.node(kind, companyId, id)))).map((item) => nodeFromItem<A>(item));
}

/** Every node of a kind in the company, read consistently from the company's partition (one query, paged). */
export async function allNodes<A extends NodeAttributes>(kind: NodeKind, companyId: string): Promise<NodeRecord<A>[]> {
  const nodes: NodeRecord<A>[] = [];
  for await (const item of queryAll({
    TableName: config.tableName,
    ...withPrefix(keys.company(companyId).pk, keys.nodePrefix(kind)),
    ConsistentRead: true,
  })) {
    nodes.push(nodeFromItem<A>(item));
  }
  return nodes;
}

/**
 * Resolves a UUID or a code path to a node of the company, reading one edge item per path
 * segment. A segment names the code exactly as typed (NFC): the edge is found under the code's
 * look-alike form and must hold that code. Errors: NotFound naming `field` when nothing matches
 * (spec: Code paths, rule 4).
 */
export async function resolveNode<A extends NodeAttributes>(kind: NodeKind, label: string, companyId: string, reference: string, field: string): Promise<NodeRecord<A>> {
  const notFound = () => new NotFound(`${label} '${reference}'`, field);
  const segments = isUuidReference(reference) ? [] : pathSegments(reference);
  if (!segments || segments.length > MAX_DEPTH) throw notFound();
  let id = isUuidReference(reference) ? reference : null;
  for (const code of segments) {
    id = (await childWithCode(kind, companyId, id, code)) ?? null;
    if (!id) throw notFound();
  }
  const node = id ? await getNode<A>(kind, companyId, id) : undefined;
  if (!node) throw notFound();
  return node;
}

/**
 * The ancestor chains (root first, the node itself last) of many nodes, fetching missing
 * ancestors level by level with BatchGet: O(depth) round trips, never the whole chart. A chain
 * is never cut: one that does not reach a root within MAX_DEPTH nodes (a tree grown deeper
 * before moves counted subtree heights) is a 409 HierarchyTooDeep, and an ancestor that
 * vanished between two reads (a move and a delete meanwhile) a 409 HierarchyChanged.
 */
export async function ancestorChains<A extends NodeAttributes>(kind: NodeKind, label: string, companyId: string, nodes: NodeRecord<A>[]): Promise<Map<string, NodeRecord<A>[]>> {
  const known = new Map(nodes.map((n) => [n.id, n]));
  const vanished = new Set<string>();
  // A node at depth MAX_DEPTH has MAX_DEPTH - 1 ancestors: as many rounds, and no more.
  for (let round = 1; round < MAX_DEPTH; round++) {
    const missing = [...new Set([...known.values()].map((n) => n.parentId).filter((p): p is string => !!p && !known.has(p) && !vanished.has(p)))];
    if (missing.length === 0) break;
    const fetched = await getNodes<A>(kind, companyId, missing);
    for (const node of fetched) known.set(node.id, node);
    for (const id of missing) if (!known.has(id)) vanished.add(id);
  }
  const result = new Map<string, NodeRecord<A>[]>();
  for (const node of nodes) {
    const chain: NodeRecord<A>[] = [node];
    for (let top = node; top.parentId; ) {
      const parent = known.get(top.parentId);
      if (vanished.has(top.parentId)) throw new StateConflict('HierarchyChanged', 'The hierarchy changed while it was being read; read it again.');
      if (!parent || chain.length >= MAX_DEPTH) {
        throw new StateConflict('HierarchyTooDeep', `${label} ${node.code} lies more than ${MAX_DEPTH} levels deep, deeper than a path can show; move it or one of its ancestors nearer the root.`);
      }
      chain.unshift(parent);
      top = parent;
    }
    result.set(node.id, chain);
  }
  return result;
}

/** A page of the company's nodes by code (orderBy `Code`) or creation (`CreatedAt`); the keyword matches the search text. */
export function nodesPage<A extends NodeAttributes>(kind: NodeKind, companyId: string, endpoint: string, query: ListQuery<'Code' | 'CreatedAt'>, keyword: string): Promise<Page<NodeRecord<A>>> {
  return keywordListPage(
    { index: query.orderBy === 'Code' ? 'gsi1' : 'gsi2', partition: keys.nodeListPartition(kind, companyId), companyId, endpoint, keywordAttribute: 'searchText', toRecord: (item) => nodeFromItem<A>(item) },
    query,
    keyword,
  );
}
