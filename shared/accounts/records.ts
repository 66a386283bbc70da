import type { ACCOUNT_TYPES, CASH_FLOW_CATEGORIES, CLASSIFICATIONS } from '../schemas/account-values.ts';
import type { NodeAttributes } from '../tree/records.ts';
import type { StandardCodes } from './standard-codes.ts';

/**
 * An account as the company keeps it: a node of the chart (tree/records.ts) with the account's
 * own attributes, and the values they take (schemas/account-values.ts lists them). Pure; shared/db/stores/node-store.ts stores and reads
 * it; rules.ts and cash-flow-category.ts say which values an account may hold.
 */
export type Classification = (typeof CLASSIFICATIONS)[number];
export type AccountType = (typeof ACCOUNT_TYPES)[number];
/** Where an account's movements sit in the cash flow statement (cash-flow-category.ts). */
export type CashFlowCategory = (typeof CASH_FLOW_CATEGORIES)[number];

/**
 * Only a category account may have children; only a leaf may be used in journal lines. The
 * classification belongs to the root of each tree. A leaf may have a currency: then every
 * journal line on it is in that currency.
 */
export interface AccountFacts extends StandardCodes {
  accountType: AccountType;
  classification?: Classification;
  /** ISO 4217 code every line on the account must be in; absent: any currency. */
  currency?: string;
  /** Where its movements sit in the cash flow statement; absent: its classification's default (cash-flow-category.ts). */
  cashFlowCategory?: CashFlowCategory;
}

/** An account's own attributes: its type, on a root its classification, on a leaf maybe a currency (AccountFacts). */
export type AccountAttributes = NodeAttributes & AccountFacts;
