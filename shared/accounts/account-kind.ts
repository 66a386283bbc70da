import type { NodeKind } from '../tree/node-kind.ts';
import { guardRetainedEarningsUpdate, guardSettingsAccountsDelete } from './settings-accounts-guard.ts';
import { storedCashFlowCategory } from './cash-flow-category.ts';
import type { AccountAttributes } from './records.ts';
import { storedStandardCodes } from './standard-codes.ts';
import type { AccountGuardReads } from './store.ts';
import { guardBankAccountDelete } from './bank-account-guard.ts';
import { checkAccountParent, storedClassification, storedCurrency } from './rules.ts';
import type { CreateAccountInput, UpdateAccountInput } from './schemas.ts';
import { accountView, type AccountView } from './view.ts';

export type { AccountView };

/**
 * The account kind: its rules and view. Its guards read the accounts the company settings name
 * and the bank accounts (AccountGuardReads), which the update and remove ports hand in beside the
 * accounts' reads.
 */
export const accounts: NodeKind<CreateAccountInput, UpdateAccountInput, AccountView, AccountAttributes, AccountGuardReads> = {
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
      ...storedStandardCodes(input),
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
      ...storedStandardCodes(input, before.attributes),
    };
  },
  // Lines already on the account were checked against its currency: it changes only while none names the account.
  fixedWhileUsed: (before, after) => (before.attributes.currency !== after.attributes.currency ? 'currency' : undefined),
  guardUpdate: ({ related, reads }, companyId, before, after, newParentChain) => guardRetainedEarningsUpdate(related, reads, companyId, before, after, newParentChain),
  guardDelete: async ({ related }, companyId, node) => [...(await guardSettingsAccountsDelete(related, companyId, node)), ...(await guardBankAccountDelete(related, companyId, node))],
  view: accountView,
};
