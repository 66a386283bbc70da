import { config } from '../../../config.ts';
import { StateConflict } from '../../../errors.ts';
import { MAX_DEPTH } from '../../../schemas/hierarchy.ts';
import type { NodeAttributes, NodeRecord } from '../../../tree/records.ts';
import { batchGetItems } from '../../table/batch-get.ts';
import { type NodeKind } from '../../table/keys.ts';
import * as keys from '../../table/keys.ts';
import { withPrefix } from '../../table/prefix-query.ts';
import { queryAll } from '../../table/query-all.ts';
import { getItem } from '../../table/table-ops.ts';
import { nodeFromItem } from './node-record.ts';

/** Reads of hierarchy nodes: one by id, many, all of a company's, and ancestor chains (a UUID or a code path resolved: node-paths.ts; a list's page: node-pages.ts). */

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
