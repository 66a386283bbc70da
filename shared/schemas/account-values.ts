/**
 * The values an account's enumerated fields take (accounts/records.ts holds the account, rules.ts
 * and cash-flow-category.ts its rules): here, among the schemas, so the response schemas name
 * them without importing the domain.
 */
export const CLASSIFICATIONS = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export const ACCOUNT_TYPES = ['category', 'leaf'] as const;
/** Where an account's movements sit in the cash flow statement (accounts/cash-flow-category.ts). */
export const CASH_FLOW_CATEGORIES = ['cash', 'operating', 'investing', 'financing', 'nonCash'] as const;
