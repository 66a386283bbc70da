import type { NodeAdding, NodeRemoving, NodeReplacing, NodeUpdating } from '../../../tree/store.ts';
import { copyToNodeGuardsOps } from './node-guards.ts';
import type { NodeKindRef } from './node-record.ts';
import { withNoUsage } from './node-usage.ts';
import { childrenError, createNodeOps, deleteNodeOps, updateNodeOps } from './node-writes.ts';

/**
 * The tree's write ports (tree/store.ts) for one kind's store, one per use case, so a handler
 * bundles only the writes it makes: the hold of a write while unused is the node's guard
 * (node-usage.ts), and what a journal line may rely on is copied to its reference guards
 * (node-guards.ts).
 */
export const nodeAdding = (ref: NodeKindRef): NodeAdding => ({
  addChanges: (companyId, node, searchText, parentChain, parentMust) => createNodeOps(ref, companyId, node, searchText, parentChain, parentMust),
});

export const nodeReplacing = (ref: NodeKindRef): NodeReplacing => ({
  replaceChanges: (companyId, before, after, searchText, move, parentMust, hold) => updateNodeOps(ref, companyId, before, after, searchText, move, parentMust, hold),
  usableAsChanges: (companyId, node, hold) => copyToNodeGuardsOps(ref, companyId, node, hold),
});

export const nodeUpdating = (ref: NodeKindRef): NodeUpdating => ({
  ...nodeReplacing(ref),
  whileUnused: (companyId, node, write, field) => withNoUsage(ref, companyId, node, write, field),
});

export const nodeRemoving = (ref: NodeKindRef): NodeRemoving => ({
  childrenError: (node) => childrenError(ref, node),
  removeChanges: (companyId, node, parentChain, hold) => deleteNodeOps(ref, companyId, node, parentChain, hold),
  usableAsChanges: (companyId, node, hold) => copyToNodeGuardsOps(ref, companyId, node, hold),
  whileUnused: (companyId, node, write, field) => withNoUsage(ref, companyId, node, write, field),
});
