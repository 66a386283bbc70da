import type { NodeAttributes } from '../../../tree/records.ts';
import type { NodeAdding, NodeReads, NodeRemoving, NodeReplacing, NodeUpdating } from '../../../tree/store.ts';
import { copyToNodeGuardsOps } from './node-guards.ts';
import type { NodeKindRef } from './node-record.ts';
import { withNoUsage } from './node-usage.ts';
import { childrenError, createNodeOps, deleteNodeOps, updateNodeOps } from './node-writes.ts';

/**
 * The tree's write ports (tree/store.ts) for one kind's store, one per use case, so a handler
 * bundles only the writes it makes: each reads the kind's nodes through the store, the hold of a
 * write while unused is the node's guard (node-usage.ts), and what a journal line may rely on is
 * copied to its reference guards (node-guards.ts). The update and remove ports also carry what
 * the kind's guards read beyond its nodes (`related`: the settings' accounts for accounts).
 */
type KindStore<A extends NodeAttributes> = NodeKindRef & NodeReads<A>;
/** `related` is required exactly when the kind's guards read something (R), so a handler cannot leave it out. */
type Related<R> = [R] extends [undefined] ? [] : [related: R];

export const nodeAdding = <A extends NodeAttributes>(store: KindStore<A>): NodeAdding<A> => ({
  reads: store,
  addChanges: (companyId, node, searchText, parentChain, parentMust) => createNodeOps(store, companyId, node, searchText, parentChain, parentMust),
});

export const nodeReplacing = <A extends NodeAttributes>(store: KindStore<A>): NodeReplacing<A> => ({
  reads: store,
  replaceChanges: (companyId, before, after, searchText, move, parentMust, hold) => updateNodeOps(store, companyId, before, after, searchText, move, parentMust, hold),
  usableAsChanges: (companyId, node, hold) => copyToNodeGuardsOps(store, companyId, node, hold),
});

export const nodeUpdating = <A extends NodeAttributes, R = undefined>(store: KindStore<A>, ...[related]: Related<R>): NodeUpdating<A, R> => ({
  ...nodeReplacing(store),
  related: related as R,
  whileUnused: (companyId, node, write, field) => withNoUsage(store, companyId, node, write, field),
});

export const nodeRemoving = <A extends NodeAttributes, R = undefined>(store: KindStore<A>, ...[related]: Related<R>): NodeRemoving<A, R> => ({
  reads: store,
  related: related as R,
  childrenError: (node) => childrenError(store, node),
  removeChanges: (companyId, node, parentChain, hold) => deleteNodeOps(store, companyId, node, parentChain, hold),
  usableAsChanges: (companyId, node, hold) => copyToNodeGuardsOps(store, companyId, node, hold),
  whileUnused: (companyId, node, write, field) => withNoUsage(store, companyId, node, write, field),
});
