/**
 * A budget: for one financial year, amounts per period for revenue and expense accounts,
 * each as a whole or within one cost center. Amounts are decimal text at the company's
 * precision, read as the account is (revenue credit less debit, expense debit less credit).
 */
export interface BudgetLine {
  accountId: string;
  /** null: the account as a whole, whatever the cost center. */
  costCenterId: string | null;
  /** One per period of the year, in order. */
  amounts: string[];
}

export interface BudgetRecord {
  companyId: string;
  budgetId: string;
  name: string;
  financialYearId: string;
  lines: BudgetLine[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A budget without its lines, as lists show it. */
export type BudgetSummary = Omit<BudgetRecord, 'lines'> & { lineCount: number };
