import type { NodeAttributes, NodeConditionName, NodeRecord } from './records.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { joinPath } from './rules.ts';
import type { Change } from '../unit-of-work.ts';
import type { GuardReads } from './store.ts';

/** Input fields common to creating or replacing a node; `parentId` is a UUID, a path or null. */
export interface NodeInput {
  code: string;
  parentId: string | null;
  name: { arabic: string; english: string };
}

/**
 * What distinguishes accounts from cost centers: their extra attributes, the rules a parent
 * must meet, and the response shape; rules and views only, the nodes read through the ports the
 * use cases are handed (store.ts). `R`: what the kind's guards read beyond its nodes, handed in
 * by the update and remove ports (GuardReads). The hierarchy use cases are shared.
 */
export interface NodeKind<Create extends NodeInput, Update extends NodeInput, View, A extends NodeAttributes = NodeAttributes, R = undefined> {
  /** Attributes of a new node, given the parent's chain (root first; empty for a root). Throws ValidationError. */
  createAttributes(input: Create, parentChain: NodeRecord<A>[]): A;
  /** Attributes after a replace. Throws ValidationError. */
  updateAttributes(input: Update, before: NodeRecord<A>, parentChain: NodeRecord<A>[]): A;
  /** What a parent must still be when a write under it commits (accounts: a category). */
  parentMust?: NodeConditionName;
  /** Throws ValidationError (naming `parentId`) when the node may not be placed under this parent. */
  checkParent?(parent: NodeRecord<A>): void;
  view(node: NodeRecord<A>, chain: NodeRecord<A>[]): View;
  /**
   * Kind-specific rules on a replace or a delete that depend on other records: throws when the
   * change is refused, and returns the writes that keep the facts it relied on true at commit.
   */
  guardUpdate?(reads: GuardReads<A, R>, companyId: string, before: NodeRecord<A>, after: NodeRecord<A>, newParentChain: NodeRecord<A>[]): Promise<Change[]>;
  guardDelete?(reads: GuardReads<A, R>, companyId: string, node: NodeRecord<A>): Promise<Change[]>;
  /**
   * The field whose change in this replace is allowed only while no journal names the node
   * (accounts: `currency`), or undefined. The write then runs under the same guard as a delete.
   */
  fixedWhileUsed?(before: NodeRecord<A>, after: NodeRecord<A>): string | undefined;
}

/** Fields every node response carries; `path` comes from the chain (root first, the node last). */
export type NodeView = ResponseOf<'NodeResponse'>;

export function nodeView(node: NodeRecord, chain: NodeRecord[]): NodeView {
  return {
    id: node.id,
    code: node.code,
    path: joinPath(chain),
    parentId: node.parentId,
    name: node.attributes.name,
    version: node.version,
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
  };
}
