import { NodeStore, type NodeRecord } from '../db/node-store.ts';
import type { NodeKind } from '../tree/node-kind.ts';
import { joinPath } from '../tree/rules.ts';
import { checkAccountParent, storedClassification, type AccountFacts } from './rules.ts';
import type { AccountType, Classification, CreateAccountInput, UpdateAccountInput } from './schemas.ts';

export interface AccountView {
  id: string;
  code: string;
  path: string;
  parentId: string | null;
  name: { arabic: string; english: string };
  type: AccountType;
  classification: Classification;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const facts = (node: NodeRecord) => node.attributes as unknown as AccountFacts;

export const accounts: NodeKind<CreateAccountInput, UpdateAccountInput, AccountView> = {
  store: new NodeStore('ACCOUNT', 'The account'),
  parentCondition: { expression: 'accountType = :category', values: { ':category': 'category' } },
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
  view: (node, chain) => ({
    id: node.id,
    code: node.code,
    path: joinPath(chain),
    parentId: node.parentId,
    name: node.attributes.name as AccountView['name'],
    type: facts(node).accountType,
    classification: facts(chain[0]!).classification!,
    version: node.version,
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
  }),
};
