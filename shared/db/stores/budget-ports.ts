import type { BudgetCreating, BudgetDeleting, BudgetList, BudgetReads, BudgetReplacing } from '../../budgets/store.ts';
import { budgetsPage, createBudgetOps, deleteBudgetOps, getBudget, updateBudgetOps } from './budget-store.ts';
import { accountNodes, costCenterNodes } from './nodes/kind-stores.ts';
import { getSettings } from './settings-store.ts';
import { getYear } from './year-store.ts';

/** The budgets' ports (budgets/store.ts), one per use case (plain properties: a bundler keeps a spread it cannot prove pure). */
export const budgetReads: BudgetReads = { get: getBudget };

export const budgetCreating: BudgetCreating = { year: getYear, settings: getSettings, accounts: accountNodes, costCenters: costCenterNodes, createChanges: createBudgetOps };

export const budgetReplacing: BudgetReplacing = { get: getBudget, year: getYear, settings: getSettings, accounts: accountNodes, costCenters: costCenterNodes, replaceChanges: updateBudgetOps };

export const budgetDeleting: BudgetDeleting = { get: getBudget, deleteChanges: deleteBudgetOps };

export const budgetList: BudgetList = { page: budgetsPage };
