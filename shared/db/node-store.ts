import type { AppError } from '../errors.ts';
import { NotFound } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { NodeKind } from './keys.ts';
import type { NodeConditionName } from './node-conditions.ts';
import type { NodeAttributes, NodeRecord } from './nodes/node-record.ts';
import { ancestorChains, getNode, nodesPage, resolveNode } from './nodes/node-reads.ts';
import { withNoUsage } from './nodes/node-usage.ts';
import {
  childrenError,
  createNodeOps,
  deleteNodeOps,
  referenceCheckOp,
  unchangedCheckOp,
  updateNodeOps,
  usageDeleteOp,
  usagePutOp,
  type NodeKindRef,
} from './nodes/node-writes.ts';
import type { WriteOp } from './transact.ts';

export type { NodeAttributes, NodeRecord } from './nodes/node-record.ts';

/**
 * The node entity (accounts, cost centers) bound to one kind: what the hierarchy use cases
 * call. Mapping lives in nodes/node-record.ts, reads and path resolution in nodes/node-reads.ts,
 * op builders in nodes/node-writes.ts, the delete guard in nodes/node-usage.ts.
 */
export class NodeStore<A extends NodeAttributes = NodeAttributes> implements NodeKindRef {
  constructor(
    readonly kind: NodeKind,
    /** Human name used in error messages ("The account"). */
    readonly label: string,
  ) {}

  get(companyId: string, id: string): Promise<NodeRecord<A> | undefined> {
    return getNode<A>(this.kind, companyId, id);
  }

  async mustGet(companyId: string, id: string): Promise<NodeRecord<A>> {
    return (await this.get(companyId, id)) ?? NotFound.throw(this.label);
  }

  /** A UUID or a code path of the company. Errors: NotFound naming `field`. */
  resolve(companyId: string, reference: string, field: string): Promise<NodeRecord<A>> {
    return resolveNode<A>(this.kind, this.label, companyId, reference, field);
  }

  chains(companyId: string, nodes: NodeRecord<A>[]): Promise<Map<string, NodeRecord<A>[]>> {
    return ancestorChains(this.kind, companyId, nodes);
  }

  async chain(companyId: string, node: NodeRecord<A>): Promise<NodeRecord<A>[]> {
    return (await this.chains(companyId, [node])).get(node.id)!;
  }

  page(companyId: string, endpoint: string, query: ListQuery<'Code' | 'CreatedAt'>, keyword: string): Promise<Page<NodeRecord<A>>> {
    return nodesPage<A>(this.kind, companyId, endpoint, query, keyword);
  }

  createOps(companyId: string, node: NodeRecord, searchText: string, parentMust?: NodeConditionName): WriteOp[] {
    return createNodeOps(this, companyId, node, searchText, parentMust);
  }

  updateOps(companyId: string, before: NodeRecord, after: NodeRecord, searchText: string, newParentChain: NodeRecord[], parentMust?: NodeConditionName): WriteOp[] {
    return updateNodeOps(this, companyId, before, after, searchText, newParentChain, parentMust);
  }

  deleteOps(companyId: string, node: NodeRecord, guard: string): WriteOp[] {
    return deleteNodeOps(this, companyId, node, guard);
  }

  withNoUsage(companyId: string, node: NodeRecord, write: (guard: string) => Promise<void>): Promise<void> {
    return withNoUsage(this, companyId, node, write);
  }

  childrenError(node: NodeRecord): AppError | undefined {
    return childrenError(this, node);
  }

  referenceCheckOp(companyId: string, nodeId: string, must: NodeConditionName, error: () => AppError): WriteOp {
    return referenceCheckOp(this, companyId, nodeId, must, error);
  }

  unchangedCheckOp(companyId: string, node: NodeRecord): WriteOp {
    return unchangedCheckOp(this, companyId, node);
  }

  usagePutOp(companyId: string, nodeId: string, journalId: string): WriteOp {
    return usagePutOp(this, companyId, nodeId, journalId);
  }

  usageDeleteOp(companyId: string, nodeId: string, journalId: string): WriteOp {
    return usageDeleteOp(this, companyId, nodeId, journalId);
  }
}
