import { NotFound } from '../../errors.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import type { NodeKind } from '../table/keys.ts';
import type { NodeAttributes, NodeRecord } from '../../tree/records.ts';
import type { NodeFilters, NodeReads } from '../../tree/store.ts';
import { resolveNode, resolveNodeId } from './nodes/node-paths.ts';
import { nodesPage } from './nodes/node-pages.ts';
import { allNodes, ancestorChains, getNode, getNodes } from './nodes/node-reads.ts';
import type { NodeKindRef } from './nodes/node-record.ts';

/**
 * The node entity (accounts, cost centers) bound to one kind, for reads: by id, by path, pages
 * and ancestor chains (nodes/node-reads.ts); the tree's read port (tree/store.ts). Writes are
 * functions taking the store as their kind: the tree's write ports in nodes/node-ports.ts, op
 * builders in nodes/node-writes.ts, the items other records' writes add about a node
 * in nodes/node-references.ts, the delete guard in nodes/node-usage.ts. Functions, not methods,
 * so a function's bundle holds only the writes it makes.
 */
export class NodeStore<A extends NodeAttributes = NodeAttributes> implements NodeKindRef, NodeReads<A> {
  constructor(
    readonly kind: NodeKind,
    /** Human name used in error messages ("The account"). */
    readonly label: string,
  ) {}

  get(companyId: string, id: string): Promise<NodeRecord<A> | undefined> {
    return getNode<A>(this.kind, companyId, id);
  }

  /** Many by id in batched reads; missing ones are left out. */
  getMany(companyId: string, ids: string[]): Promise<NodeRecord<A>[]> {
    return getNodes<A>(this.kind, companyId, ids);
  }

  /** Every node of the kind in the company (one paged query): for work over a whole chart, such as an import. */
  all(companyId: string): Promise<NodeRecord<A>[]> {
    return allNodes<A>(this.kind, companyId);
  }

  async mustGet(companyId: string, id: string): Promise<NodeRecord<A>> {
    return (await this.get(companyId, id)) ?? NotFound.throw(this.label);
  }

  /** A UUID or a code path of the company. Errors: NotFound naming `field`. */
  resolve(companyId: string, reference: string, field: string): Promise<NodeRecord<A>> {
    return resolveNode<A>(this.kind, this.label, companyId, reference, field);
  }

  /** The id a UUID or a code path names, reading only a path's edges (a UUID comes back unread). Errors: NotFound naming `field` for a path. */
  resolveId(companyId: string, reference: string, field: string): Promise<string> {
    return resolveNodeId(this.kind, this.label, companyId, reference, field);
  }

  chains(companyId: string, nodes: NodeRecord<A>[]): Promise<Map<string, NodeRecord<A>[]>> {
    return ancestorChains(this.kind, this.label, companyId, nodes);
  }

  async chain(companyId: string, node: NodeRecord<A>): Promise<NodeRecord<A>[]> {
    return (await this.chains(companyId, [node])).get(node.id)!;
  }

  page(companyId: string, endpoint: string, query: ListQuery<'Code' | 'CreatedAt'>, filters: NodeFilters): Promise<Page<NodeRecord<A>>> {
    return nodesPage<A>(this.kind, companyId, endpoint, query, filters);
  }
}
