import { NodeStore, type NodeRecord } from '../db/node-store.ts';
import type * as z from 'zod';
import type { AccountResponse } from '../schemas/responses.ts';
import { nodeView, type NodeKind } from '../tree/node-kind.ts';
import { guardRetainedEarningsDelete, guardRetainedEarningsUpdate } from './retained-earnings-guard.ts';
import { checkAccountParent, storedClassification, type AccountFacts } from './rules.ts';
import type { CreateAccountInput, UpdateAccountInput } from './schemas.ts';

export type AccountView = z.output<typeof AccountResponse>;

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
