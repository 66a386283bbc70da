import { accountNodes } from '../db/stores/nodes/kind-stores.ts';
import { settingsAccounts } from '../db/stores/settings-accounts.ts';
import type { NodeRecord } from '../tree/records.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { nodeView, type NodeKind } from '../tree/node-kind.ts';
import { guardRetainedEarningsUpdate, guardSettingsAccountsDelete } from './settings-accounts-guard.ts';
import { effectiveCashFlowCategory, storedCashFlowCategory } from './cash-flow-category.ts';
import type { AccountAttributes } from './records.ts';
import { checkAccountParent, storedClassification, storedCurrency } from './rules.ts';
import type { CreateAccountInput, UpdateAccountInput } from './schemas.ts';

export type AccountView = ResponseOf<'AccountResponse'>;

const store = accountNodes;

/** An account's classification: its root's (the chain runs from the root to the account). */
export const classificationOf = (chain: NodeRecord<AccountAttributes>[]) => chain[0]!.attributes.classification!;

/** The account kind, with the store the other areas read accounts from and the handlers hand the tree's write ports. */
export const accounts: NodeKind<CreateAccountInput, UpdateAccountInput, AccountView, AccountAttributes> & { store: typeof accountNodes } = {
  store,
  parentMust: 'isCategory',
  checkParent: (parent) => checkAccountParent(parent.attributes),
  createAttributes: (input, parentChain) => {
    const classification = storedClassification(input.classification, parentChain[0]?.attributes);
    return {
      name: input.name,
      accountType: input.type,
      classification,
      currency: storedCurrency(input.type, input.currency),
      cashFlowCategory: storedCashFlowCategory(parentChain[0]?.attributes.classification ?? classification!, input.cashFlowCategory),
    };
  },
  updateAttributes: (input, before, parentChain) => {
    const classification = storedClassification(input.classification, parentChain[0]?.attributes, before.attributes.classification);
    return {
      name: input.name,
      accountType: before.attributes.accountType,
      classification,
      currency: storedCurrency(before.attributes.accountType, input.currency, before.attributes.currency),
      cashFlowCategory: storedCashFlowCategory(parentChain[0]?.attributes.classification ?? classification!, input.cashFlowCategory, before.attributes.cashFlowCategory),
    };
  },
  // Lines already on the account were checked against its currency: it changes only while none names the account.
  fixedWhileUsed: (before, after) => (before.attributes.currency !== after.attributes.currency ? 'currency' : undefined),
  guardUpdate: (companyId, before, after, newParentChain) => guardRetainedEarningsUpdate(settingsAccounts, store, companyId, before, after, newParentChain),
  guardDelete: (companyId, node) => guardSettingsAccountsDelete(settingsAccounts, companyId, node),
  view: (node, chain) => ({
    ...nodeView(node, chain),
    type: node.attributes.accountType,
    classification: classificationOf(chain),
    currency: node.attributes.currency ?? null,
    cashFlowCategory: effectiveCashFlowCategory(classificationOf(chain), node.attributes.cashFlowCategory),
  }),
};
