import type { Levels } from '../schemas/hierarchy.ts';

/**
 * A hierarchy node (account, cost center) as the company keeps it: its own code and parent only,
 * so its path comes from the ancestor chain on every read. Pure types; shared/db/stores/node-store.ts
 * and nodes/ store and read them.
 */

/** What every node's attributes hold; each kind adds its own (accounts: type, classification). */
export interface NodeAttributes {
  name: { arabic: string; english: string };
}

export interface NodeRecord<A extends NodeAttributes = NodeAttributes> {
  id: string;
  code: string;
  parentId: string | null;
  /**
   * How many descendants lie 1, 2, 3... levels below (schemas/hierarchy.ts, Levels); `levels[0]` is
   * the child count. Moved by the writes that change the subtree, not by the node's version.
   */
  levels: Levels;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** The kind's attributes (name, type, classification, status...). */
  attributes: A;
}

/**
 * What a node must be when a write that relies on it commits: a category account (a parent of
 * accounts), a leaf account (takes journal lines), an active cost center (takes journal lines).
 * Use cases and kinds name them; the node store checks them in the write's transaction.
 */
export type NodeConditionName = 'isCategory' | 'isLeaf' | 'isActive';
