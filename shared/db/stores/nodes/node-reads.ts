import { config } from '../../../config.ts';
import { NotFound, StateConflict } from '../../../errors.ts';
import type { ListQuery, Page } from '../../../schemas/list-query.ts';
import { isUuidReference, MAX_DEPTH, pathSegments } from '../../../schemas/hierarchy.ts';
import type { NodeAttributes, NodeRecord } from '../../../tree/records.ts';
import type { NodeFilters } from '../../../tree/store.ts';
import { batchGetItems } from '../../table/batch-get.ts';
import { type NodeKind } from '../../table/keys.ts';
import * as keys from '../../table/keys.ts';
import { decodeCursor } from '../../table/cursor.ts';
import { mapPage, queryPage } from '../../table/paginate.ts';
import { withPrefix } from '../../table/prefix-query.ts';
import { queryAll } from '../../table/query-all.ts';
import { getItem, type Item } from '../../table/table-ops.ts';
import { nodeFromItem } from './node-record.ts';
import { operationNamed, WAY_OUT } from '../../../schemas/api-paths.ts';

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
 * The id a UUID or a code path names in the company, reading one edge item per path segment
 * (none for a UUID, which is handed back unread). A segment names the code exactly as typed
 * (NFC): the edge is found under the code's look-alike form and must hold that code. Undefined
 * when the path matches nothing or cannot name anything (`a..b`, too deep).
 */
export async function findNodeId(kind: NodeKind, companyId: string, reference: string): Promise<string | undefined> {
  if (isUuidReference(reference)) return reference;
  const segments = pathSegments(reference);
  if (!segments || segments.length > MAX_DEPTH) return undefined;
  // A path in place of a UUID is the rarer reference: the look-alike table it is read with loads on that path only.
  const { childWithCode } = await import('./node-edges.ts');
  let id: string | null = null;
  for (const code of segments) {
    id = (await childWithCode(kind, companyId, id, code)) ?? null;
    if (!id) return undefined;
  }
  return id ?? undefined;
}

/**
 * The one resolver of references (spec: Code paths): entry lines, parents, report filters,
 * settings and the `{id}` of a node's own routes all come here. Errors: NotFound naming `field`
 * when nothing matches (rule 4), a UUID of no node of the company included.
 */
export async function resolveNode<A extends NodeAttributes>(kind: NodeKind, label: string, companyId: string, reference: string, field: string): Promise<NodeRecord<A>> {
  const id = await resolveNodeId(kind, label, companyId, reference, field);
  return (await getNode<A>(kind, companyId, id)) ?? NotFound.throw(`${label} '${reference}'`, field, nodeWayOut(kind, companyId));
}

/**
 * `resolveNode` without reading the node: a path's edges only, a UUID as given (whoever reads
 * the node next answers for a UUID that names none). Errors: NotFound naming `field` for a path.
 */
export async function resolveNodeId(kind: NodeKind, label: string, companyId: string, reference: string, field: string): Promise<string> {
  return (await findNodeId(kind, companyId, reference)) ?? NotFound.throw(`${label} '${reference}'`, field, nodeWayOut(kind, companyId));
}

/** What to do when a reference names no node: the list that shows the current ones. */
function nodeWayOut(kind: NodeKind, companyId: string): string {
  const list = operationNamed(kind === 'ACCOUNT' ? WAY_OUT.listAccounts : WAY_OUT.listCostCenters, { companyId }, { withPermission: false });
  return `no record of the company has this id or code path (it may have been deleted); ${list} lists the current ones with their ids and paths`;
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

/**
 * A page of the company's nodes by code (orderBy `Code`) or creation (`CreatedAt`); the keyword
 * matches the search text, `code` the code exactly (sorted by code, the index's range holds
 * just that code's nodes; by creation, a filter over the list). The cursor is bound to all three.
 * With `path`, the page is the node the path names (edge reads only) or nothing: at most one,
 * never a next page.
 */
export async function nodesPage<A extends NodeAttributes>(kind: NodeKind, companyId: string, endpoint: string, query: ListQuery<'Code' | 'CreatedAt'>, filters: NodeFilters): Promise<Page<NodeRecord<A>>> {
  const { keyword, code, path } = filters;
  const binding = { companyId, endpoint, orderBy: query.orderBy, orderAsc: query.orderAsc, filters: { keyword, code, path } };
  const matches = (item: Item) => (code === undefined || item.code === code) && (!keyword || String(item.searchText ?? '').includes(keyword));
  if (path !== undefined) {
    // No cursor is ever issued for a one-record list, so any given is refused as for every list.
    if (query.page) await decodeCursor(binding, query.page);
    const id = await findNodeId(kind, companyId, path);
    const item = id ? await getItem(keys.node(kind, companyId, id)) : undefined;
    return { currentPage: null, results: item && matches(item) ? [nodeFromItem<A>(item)] : [], nextPage: null };
  }
  const byCode = query.orderBy === 'Code';
  const conditions = [
    ...(keyword ? [{ expression: 'contains(#searchText, :keyword)', name: ['#searchText', 'searchText'], value: [':keyword', keyword] }] : []),
    ...(code !== undefined && !byCode ? [{ expression: '#code = :code', name: ['#code', 'code'], value: [':code', code] }] : []),
  ];
  const page = await queryPage({
    index: byCode ? 'gsi1' : 'gsi2',
    partition: keys.nodeListPartition(kind, companyId),
    pageSize: query.pageSize,
    page: query.page,
    binding,
    // Codes hold no space: the sort keys `<code> <id>` of one code lie between `<code> ` and `<code> ~` (ids are hex).
    ...(code !== undefined && byCode ? { range: { from: `${code} `, to: `${code} ~` } } : {}),
    ...(conditions.length > 0
      ? {
          filter: {
            FilterExpression: conditions.map((c) => c.expression).join(' AND '),
            ExpressionAttributeNames: Object.fromEntries(conditions.map((c) => c.name)),
            ExpressionAttributeValues: Object.fromEntries(conditions.map((c) => c.value)),
          },
        }
      : {}),
  });
  return mapPage(page, (item) => nodeFromItem<A>(item));
}
