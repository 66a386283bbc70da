import { NodeStore, type NodeRecord } from '../db/node-store.ts';
import { nodeView, type NodeKind, type NodeView } from '../tree/node-kind.ts';
import { guardRetainedEarningsDelete, guardRetainedEarningsUpdate } from './retained-earnings-guard.ts';
import { checkAccountParent, storedClassification, type AccountFacts } from './rules.ts';
import type { AccountType, Classification, CreateAccountInput, UpdateAccountInput } from './schemas.ts';

export interface AccountView extends NodeView {
  type: AccountType;
  classification: Classification;
}

const facts = (node: NodeRecord) => node.attributes as unknown as AccountFacts;

const store = new NodeStore('ACCOUNT', 'The account');

export const accounts: NodeKind<CreateAccountInput, UpdateAccountInput, AccountView> = {
  store,
  parentMust: 'isCategory',
  usableInEntries: 'isLeaf',
  checkParent: (parent) => checkAccountParent(facts(parent)),
  createAttributes: (input, parentChain) => ({
    name: input.name,
    accountType: input.type,
    classification: storedClassification(input.classification, parentChain[0] && facts(parentChain[0])),
  }),
  updateAttributes: (input, before, parentChain) => ({
    name: input.name,
    accountType: facts(before).accountType,
    classification: storedClassification(input.classification, parentChain[0] && facts(parentChain[0]), facts(before).classification),
  }),
  guardUpdate: (companyId, before, after, newParentChain) => guardRetainedEarningsUpdate(store, companyId, before, after, newParentChain),
  guardDelete: guardRetainedEarningsDelete,
  view: (node, chain) => ({
    ...nodeView(node, chain),
    type: facts(node).accountType,
    classification: facts(chain[0]!).classification!,
  }),
};
