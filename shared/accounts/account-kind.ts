import { NodeStore, type NodeAttributes, type NodeRecord } from '../db/node-store.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { nodeView, type NodeKind } from '../tree/node-kind.ts';
import { guardRetainedEarningsDelete, guardRetainedEarningsUpdate } from './retained-earnings-guard.ts';
import { checkAccountParent, storedClassification, type AccountFacts } from './rules.ts';
import type { CreateAccountInput, UpdateAccountInput } from './schemas.ts';

export type AccountView = ResponseOf<'AccountResponse'>;

/** An account's own attributes: its type, and on a root its classification (AccountFacts). */
export type AccountAttributes = NodeAttributes & AccountFacts;

const store = new NodeStore<AccountAttributes>('ACCOUNT', 'The account');

/** An account's classification: its root's (the chain runs from the root to the account). */
export const classificationOf = (chain: NodeRecord<AccountAttributes>[]) => chain[0]!.attributes.classification!;

export const accounts: NodeKind<CreateAccountInput, UpdateAccountInput, AccountView, AccountAttributes> = {
  store,
  parentMust: 'isCategory',
  usableInEntries: 'isLeaf',
  checkParent: (parent) => checkAccountParent(parent.attributes),
  createAttributes: (input, parentChain) => ({
    name: input.name,
    accountType: input.type,
    classification: storedClassification(input.classification, parentChain[0]?.attributes),
  }),
  updateAttributes: (input, before, parentChain) => ({
    name: input.name,
    accountType: before.attributes.accountType,
    classification: storedClassification(input.classification, parentChain[0]?.attributes, before.attributes.classification),
  }),
  guardUpdate: (companyId, before, after, newParentChain) => guardRetainedEarningsUpdate(store, companyId, before, after, newParentChain),
  guardDelete: guardRetainedEarningsDelete,
  view: (node, chain) => ({
    ...nodeView(node, chain),
    type: node.attributes.accountType,
    classification: classificationOf(chain),
  }),
};
