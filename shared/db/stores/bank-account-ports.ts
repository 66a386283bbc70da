import type { AccountGuardReads } from '../../accounts/store.ts';
import type { BankAccountCreating, BankAccountList, BankAccountReads, BankAccountReplacing } from '../../bank-accounts/store.ts';
import { bankAccountsPage, createBankAccountOp, getBankAccount, noBankAccountCheckOp, replaceBankAccountOp } from './bank-account-store.ts';
import { accountLines } from './nodes/line-nodes.ts';
import { referenceCheckOp } from './nodes/node-references.ts';
import { settingsAccounts } from './settings-accounts.ts';
import { bankAccountCurrencies } from './bank-account-facts.ts';

/** The bank accounts' ports (bank-accounts/store.ts), one per use case. */
const currencies = bankAccountCurrencies;

export const bankAccountReads: BankAccountReads = { get: getBankAccount, currencies };

const account: BankAccountCreating['account'] = async (companyId, reference, field) => {
  const node = await accountLines.resolve(companyId, reference, field);
  return { id: node.id, leaf: node.attributes.accountType === 'leaf', currency: node.attributes.currency };
};

export const bankAccountCreating: BankAccountCreating = {
  get: getBankAccount,
  currencies,
  account,
  // The account is still a leaf in the currency read, no delete holding it, when the bank account commits.
  createChanges: (record, accountCurrency, errors) => [
    createBankAccountOp(record, errors.exists),
    referenceCheckOp(accountLines, record.companyId, record.accountId, 'isLeaf', errors.gone, accountCurrency === undefined
      ? { expression: 'attribute_not_exists(#accountCurrency)', names: { '#accountCurrency': 'currency' } }
      : { expression: '#accountCurrency = :bankCurrency', names: { '#accountCurrency': 'currency' }, values: { ':bankCurrency': accountCurrency } }),
  ],
};

export const bankAccountReplacing: BankAccountReplacing = { get: getBankAccount, currencies, account, replaceChange: replaceBankAccountOp };

export const bankAccountList: BankAccountList = { page: bankAccountsPage, currencies };

/** What an account's update and delete guards read: the settings' accounts and the bank accounts (accounts/store.ts). */
export const accountGuardReads: AccountGuardReads = {
  fieldNaming: settingsAccounts.fieldNaming,
  retainedEarnings: settingsAccounts.retainedEarnings,
  notNamingChange: settingsAccounts.notNamingChange,
  retainedEarningsStillChange: settingsAccounts.retainedEarningsStillChange,
  isBankAccount: async (companyId, accountId) => (await getBankAccount(companyId, accountId)) !== undefined,
  notBankAccountChange: noBankAccountCheckOp,
};
