import type { AccountAttributes } from '../accounts/records.ts';
import type { SettingsRecord } from '../companies/records.ts';
import type { CostCenterAttributes } from '../cost-centers/records.ts';
import type { YearRecord } from '../financial-years/records.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { NodeReads } from '../tree/store.ts';
import type { Change } from '../unit-of-work.ts';
import type { BudgetRecord, BudgetSummary } from './records.ts';

/**
 * What the budget use cases (budgets.ts) need of the place budgets are kept, one port per use
 * case so a handler carries only what it uses; shared/db implements them.
 */

export interface BudgetReads {
  /** The company's budget with this id, or undefined. */
  get(companyId: string, budgetId: string): Promise<BudgetRecord | undefined>;
}

/** What a budget line's account and cost center are resolved in (resolve-budget-lines.ts). */
export interface BudgetLineNodes {
  accounts: NodeReads<AccountAttributes>;
  costCenters: NodeReads<CostCenterAttributes>;
}

/** What a budget's lines are checked against: its year's periods, the company's precision, the accounts and cost centers. */
export interface BudgetLineFacts extends BudgetLineNodes {
  year(companyId: string, yearId: string): Promise<YearRecord | undefined>;
  settings(companyId: string): Promise<SettingsRecord | undefined>;
}

export interface BudgetCreating extends BudgetLineFacts {
  createChanges(budget: BudgetRecord): Change[];
}

export interface BudgetReplacing extends BudgetReads, BudgetLineFacts {
  /** At the version read. Errors at commit: VersionConflict. */
  replaceChanges(before: BudgetRecord, after: BudgetRecord): Change[];
}

export interface BudgetDeleting extends BudgetReads {
  /** At the version read. Errors at commit: VersionConflict. */
  deleteChanges(budget: BudgetRecord): Change[];
}

export interface BudgetList {
  /** Budgets without their lines, newest first unless orderAsc; the keyword matches the name. Errors: ValidationError (InvalidCursor). */
  page(companyId: string, query: ListQuery): Promise<Page<BudgetSummary>>;
}
