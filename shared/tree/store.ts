import type { AppError } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { Change } from '../unit-of-work.ts';
import type { NodeAttributes, NodeConditionName, NodeRecord } from './records.ts';

/**
 * What the hierarchy use cases need of the place a kind's nodes (accounts or cost centers) are
 * kept, in the tree's own words. Reading is one port (getNode and listNodes take it); each kind
 * of write is its own, carrying the reads it makes, so a handler carries only the writes it
 * makes. shared/db implements them.
 */

/** What a node list is narrowed to: the folded keyword (empty for none), an exact code, an exact path. */
export interface NodeFilters {
  keyword: string;
  code?: string | undefined;
  path?: string | undefined;
}

/** Reading one kind's nodes: by id, by reference, by page, with their ancestor chains (root first, the node last). */
export interface NodeReads<A extends NodeAttributes = NodeAttributes> {
  get(companyId: string, id: string): Promise<NodeRecord<A> | undefined>;
  /** Many by id; missing ones are left out. */
  getMany(companyId: string, ids: string[]): Promise<NodeRecord<A>[]>;
  /** Every node of the kind in the company: for work over a whole chart. */
  all(companyId: string): Promise<NodeRecord<A>[]>;
  /** Errors: NotFound. */
  mustGet(companyId: string, id: string): Promise<NodeRecord<A>>;
  /** A UUID or a code path of the company. Errors: NotFound naming `field`. */
  resolve(companyId: string, reference: string, field: string): Promise<NodeRecord<A>>;
  /** The id a UUID or a code path names. Errors: NotFound naming `field` for a path. */
  resolveId(companyId: string, reference: string, field: string): Promise<string>;
  chains(companyId: string, nodes: NodeRecord<A>[]): Promise<Map<string, NodeRecord<A>[]>>;
  chain(companyId: string, node: NodeRecord<A>): Promise<NodeRecord<A>[]>;
  page(companyId: string, endpoint: string, query: ListQuery<'Code' | 'CreatedAt'>, filters: NodeFilters): Promise<Page<NodeRecord<A>>>;
}

/** Where a moved node hung and where it goes: the ancestor chains (root first, the parent last) as read. */
export interface NodeMove {
  oldParentChain: NodeRecord[];
  newParentChain: NodeRecord[];
}

/**
 * A write that may commit only while no journal names the node (a delete, or a change of a field
 * fixed while the node is used): the store holds off new references meanwhile, and each change
 * the write commits names the hold it runs under.
 */
export type UnusedHold = string;

/**
 * Running a write once no journal names the node, new references held off until it commits.
 * Errors: VersionConflict, StateConflict (InUse, naming `field` when given).
 */
export interface WhileUnused {
  whileUnused(companyId: string, node: NodeRecord, write: (hold: UnusedHold) => Promise<void>, field?: string): Promise<void>;
}

/**
 * The changes that tell new journal lines what the node now is (its attributes, or that it is
 * gone), releasing `hold` when the write ran under one: every write that changes what a journal
 * line may rely on commits them.
 */
export interface UsableAs {
  usableAsChanges(companyId: string, node: NodeRecord | { id: string; gone: true }, hold?: UnusedHold): Change[];
}

/** The kind's nodes, as a write reads them (the node, its parent, their chains). */
export interface ReadsNodes<A extends NodeAttributes = NodeAttributes> {
  reads: NodeReads<A>;
}

/**
 * What a kind's guards (NodeKind.guardUpdate, guardDelete) read: its nodes, and the records
 * beyond them its rules consult (accounts: the settings naming them; undefined when none).
 */
export interface GuardReads<A extends NodeAttributes = NodeAttributes, R = undefined> extends ReadsNodes<A> {
  related: R;
}

/** Adding a node under its parent chain, the parent still meeting `parentMust` at commit. */
export interface NodeAdding<A extends NodeAttributes = NodeAttributes> extends ReadsNodes<A> {
  addChanges(companyId: string, node: NodeRecord, searchText: string, parentChain: NodeRecord[], parentMust?: NodeConditionName): Change[];
}

/**
 * Replacing a node's fields at the version read; a `move` carries the ancestor chains, whose
 * depth the use case checked, and a write under a `hold` (WhileUnused) releases it.
 */
export interface NodeReplacing<A extends NodeAttributes = NodeAttributes> extends UsableAs, ReadsNodes<A> {
  replaceChanges(companyId: string, before: NodeRecord, after: NodeRecord, searchText: string, move?: NodeMove, parentMust?: NodeConditionName, hold?: UnusedHold): Change[];
}

/** Replacing a node, maybe a field fixed while journals name it, under the kind's guards. */
export interface NodeUpdating<A extends NodeAttributes = NodeAttributes, R = undefined> extends NodeReplacing<A>, WhileUnused, GuardReads<A, R> {}

/** Removing a childless node at the version read, under the hold of WhileUnused. */
export interface NodeRemoving<A extends NodeAttributes = NodeAttributes, R = undefined> extends UsableAs, WhileUnused, GuardReads<A, R> {
  /** StateConflict (HasChildren) when the node has children, else undefined. */
  childrenError(node: NodeRecord): AppError | undefined;
  removeChanges(companyId: string, node: NodeRecord, parentChain: NodeRecord[], hold: UnusedHold): Change[];
}
