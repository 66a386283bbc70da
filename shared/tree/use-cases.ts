import { randomUUID } from 'node:crypto';
import type { NodeAttributes, NodeRecord } from './records.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { ValidationError, VersionConflict } from '../errors.ts';
import { mapPage, type ListQuery, type Page } from '../schemas/list-query.ts';
import type { NodeInput, NodeKind } from './node-kind.ts';
import type { NodeAdding, NodeReads, NodeRemoving, NodeReplacing, NodeUpdating, UnusedHold } from './store.ts';
import { createsCycle, fitsUnder, heightOf, MAX_DEPTH } from './rules.ts';
import { foldForSearch, searchTextOf } from './search-text.ts';

/**
 * Hierarchy use cases shared by accounts and cost centers.
 * Errors: ValidationError (bad parent, Cycle, TooDeep), NotFound (node or parent reference),
 * VersionConflict (stale version, or the hierarchy changed meanwhile), StateConflict
 * (DuplicateCode, HasChildren, InUse, HierarchyTooDeep and HierarchyChanged from reads, and the
 * kind's own guards: RetainedEarningsAccount for accounts). InUse also refuses a replace that
 * changes a field the kind fixes while journals name the node (accounts: currency).
 *
 * Depth: no write commits a node deeper than MAX_DEPTH. A create checks its parent's depth, a
 * move its new parent's depth plus the moved subtree's height (its level counts); the write is
 * conditional on the node's level counts and on every ancestor involved hanging where it was
 * read, so of two writes at once that together would pass the limit, one gets a 409 Conflict.
 *
 * Each use case reads and writes through the port it is handed (store.ts), which the handler
 * wires; the kind brings the rules and the view.
 */

async function parentChainOf<C extends NodeInput, U extends NodeInput, V, A extends NodeAttributes, R>(
  kind: NodeKind<C, U, V, A, R>,
  reads: NodeReads<A>,
  companyId: string,
  parentReference: string | null,
): Promise<NodeRecord<A>[]> {
  if (parentReference === null) return [];
  const parent = await reads.resolve(companyId, parentReference, 'parentId');
  kind.checkParent?.(parent);
  return reads.chain(companyId, parent);
}

/**
 * ValidationError (TooDeep, naming parentId) when a subtree `height` levels tall would reach
 * below MAX_DEPTH under a parent with this chain; a new node is a subtree of height 0.
 */
function checkFits(parentChain: NodeRecord[], height: number): void {
  if (fitsUnder(parentChain, height)) return;
  const below = height === 0 ? '' : `: this record has ${height} level${height === 1 ? '' : 's'} below it, so its parent may be at most at level ${MAX_DEPTH - 1 - height} (this one is at level ${parentChain.length})`;
  throw ValidationError.field('parentId', `the hierarchy is at most ${MAX_DEPTH} levels deep${below}`, 'TooDeep');
}

/**
 * Errors: ValidationError (TooDeep), NotFound (parent reference), StateConflict (DuplicateCode,
 * HierarchyTooDeep, HierarchyChanged), VersionConflict (the parent moved meanwhile).
 */
export async function createNode<C extends NodeInput, U extends NodeInput, V, A extends NodeAttributes, R>(
  kind: NodeKind<C, U, V, A, R>,
  nodes: NodeAdding<A>,
  uow: UnitOfWork,
  companyId: string,
  input: C,
): Promise<V> {
  const parentChain = await parentChainOf(kind, nodes.reads, companyId, input.parentId);
  checkFits(parentChain, 0);
  const now = new Date().toISOString();
  const node: NodeRecord<A> = {
    id: randomUUID(),
    code: input.code,
    parentId: parentChain.at(-1)?.id ?? null,
    levels: [],
    version: 1,
    createdAt: now,
    updatedAt: now,
    attributes: kind.createAttributes(input, parentChain),
  };
  const ops = nodes.addChanges(companyId, node, searchTextOf(node.code, input.name), parentChain, kind.parentMust);
  return uow.commit(ops, kind.view(node, [...parentChain, node]));
}

/**
 * Errors: NotFound, VersionConflict, ValidationError (TooDeep, Cycle), StateConflict
 * (DuplicateCode, InUse, HierarchyTooDeep, HierarchyChanged).
 */
export async function updateNode<C extends NodeInput, U extends NodeInput & { version: number }, V, A extends NodeAttributes, R>(
  kind: NodeKind<C, U, V, A, R>,
  nodes: NodeUpdating<A, R>,
  uow: UnitOfWork,
  companyId: string,
  id: string,
  input: U,
): Promise<V> {
  const before = await nodes.reads.mustGet(companyId, id);
  if (before.version !== input.version) throw new VersionConflict();
  const parentChain = await parentChainOf(kind, nodes.reads, companyId, input.parentId);
  if (createsCycle(before.id, parentChain)) {
    throw ValidationError.field('parentId', 'would place the record under itself or one of its descendants', 'Cycle');
  }
  const moved = (parentChain.at(-1)?.id ?? null) !== before.parentId;
  if (moved) checkFits(parentChain, heightOf(before.levels));
  const move = moved ? { oldParentChain: (await nodes.reads.chain(companyId, before)).slice(0, -1), newParentChain: parentChain } : undefined;
  const after: NodeRecord<A> = {
    ...before,
    code: input.code,
    parentId: parentChain.at(-1)?.id ?? null,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    attributes: kind.updateAttributes(input, before, parentChain),
  };
  const guards = (await kind.guardUpdate?.(nodes, companyId, before, after, parentChain)) ?? [];
  const ops = (hold?: UnusedHold) => [...nodes.replaceChanges(companyId, before, after, searchTextOf(after.code, input.name), move, kind.parentMust, hold), ...guards];
  const view = kind.view(after, [...parentChain, after]);
  const fixed = kind.fixedWhileUsed?.(before, after);
  if (!fixed) return uow.commit(ops(), view);
  // Like a delete: no journal may come to name the node between the usage check and the write.
  await nodes.whileUnused(companyId, before, async (hold) => void (await uow.commit([...ops(hold), ...nodes.usableAsChanges(companyId, after, hold)], view)), fixed);
  return view;
}

/** Replaces attributes only (state changes): same code and parent, version advanced. */
export async function changeNodeAttributes<C extends NodeInput, U extends NodeInput, V, A extends NodeAttributes, R>(
  kind: NodeKind<C, U, V, A, R>,
  nodes: NodeReplacing<A>,
  uow: UnitOfWork,
  companyId: string,
  id: string,
  version: number,
  change: (before: NodeRecord<A>) => A,
): Promise<V> {
  const before = await nodes.reads.mustGet(companyId, id);
  if (before.version !== version) throw new VersionConflict();
  const after: NodeRecord<A> = { ...before, version: before.version + 1, updatedAt: new Date().toISOString(), attributes: change(before) };
  const chain = await nodes.reads.chain(companyId, after);
  // A state change (a cost center's status) decides whether journals may name the node: new journal lines learn it at once.
  return uow.commit([...nodes.replaceChanges(companyId, before, after, searchTextOf(after.code, after.attributes.name)), ...nodes.usableAsChanges(companyId, after)], kind.view(after, chain));
}

/** Errors: NotFound, VersionConflict, StateConflict (HasChildren, InUse). */
export async function deleteNode<C extends NodeInput, U extends NodeInput, V, A extends NodeAttributes, R>(
  kind: NodeKind<C, U, V, A, R>,
  nodes: NodeRemoving<A, R>,
  uow: UnitOfWork,
  companyId: string,
  id: string,
  version: number,
): Promise<null> {
  const node = await nodes.reads.mustGet(companyId, id);
  if (node.version !== version) throw new VersionConflict();
  const hasChildren = nodes.childrenError(node);
  if (hasChildren) throw hasChildren;
  const guards = (await kind.guardDelete?.(nodes, companyId, node)) ?? [];
  const parentChain = (await nodes.reads.chain(companyId, node)).slice(0, -1);
  await nodes.whileUnused(companyId, node, async (hold) => {
    await uow.commit([...nodes.removeChanges(companyId, node, parentChain, hold), ...guards, ...nodes.usableAsChanges(companyId, { id: node.id, gone: true })], null);
  });
  return null;
}

/** Errors: NotFound, StateConflict (HierarchyTooDeep, HierarchyChanged). */
export async function getNode<C extends NodeInput, U extends NodeInput, V, A extends NodeAttributes, R>(kind: NodeKind<C, U, V, A, R>, nodes: NodeReads<A>, companyId: string, id: string): Promise<V> {
  const node = await nodes.mustGet(companyId, id);
  return kind.view(node, await nodes.chain(companyId, node));
}

/**
 * orderBy names: `Code` and `CreatedAt`; keyword matches code and both names, folded; `code`
 * keeps the records with exactly that code, `path` the one record that path names (nothing
 * when it names none: a filter, not a reference). The filters combine.
 * Errors: ValidationError (InvalidCursor), StateConflict (HierarchyTooDeep, HierarchyChanged).
 */
export async function listNodes<C extends NodeInput, U extends NodeInput, V, A extends NodeAttributes, R>(
  kind: NodeKind<C, U, V, A, R>,
  nodes: NodeReads<A>,
  companyId: string,
  endpoint: string,
  query: ListQuery<'Code' | 'CreatedAt'> & { path?: string | undefined; code?: string | undefined },
): Promise<Page<V>> {
  const page = await nodes.page(companyId, endpoint, query, { keyword: query.keyword ? foldForSearch(query.keyword) : '', code: query.code, path: query.path });
  const chains = await nodes.chains(companyId, page.results);
  return mapPage(page, (n) => kind.view(n, chains.get(n.id)!));
}
