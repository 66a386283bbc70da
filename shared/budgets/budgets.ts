import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../unit-of-work.ts';
import { NotFound, VersionConflict } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { BudgetLine, BudgetRecord, BudgetSummary } from './records.ts';
import { resolveBudgetLines } from './resolve-budget-lines.ts';
import { checkDistinctLines, checkLineAmounts } from './rules.ts';
import type { BudgetCreating, BudgetDeleting, BudgetLineFacts, BudgetList, BudgetReads, BudgetReplacing } from './store.ts';
import type { CreateBudgetInput, UpdateBudgetInput } from './schemas.ts';

/**
 * A company's budgets: amounts per period of one financial year for revenue and expense
 * accounts, as a whole or per cost center (records.ts, rules.ts). Compared with what was
 * posted by the budget vs actual report (reports/budget-vs-actual.ts). Each use case takes the
 * port it reads and writes through (store.ts).
 */
export type BudgetView = ResponseOf<'BudgetResponse'>;
export type BudgetSummaryView = ResponseOf<'BudgetSummaryResponse'>;

const summaryView = (b: BudgetSummary): BudgetSummaryView => ({
  id: b.budgetId,
  name: b.name,
  financialYearId: b.financialYearId,
  lineCount: b.lineCount,
  version: b.version,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
});

export const budgetView = (b: BudgetRecord): BudgetView => {
  const { lineCount: _count, ...summary } = summaryView({ ...b, lineCount: b.lines.length });
  return { ...summary, lines: b.lines.map((l) => ({ accountId: l.accountId, costCenterId: l.costCenterId, amounts: l.amounts })) };
};

async function mustGet(budgets: BudgetReads, companyId: string, budgetId: string, version?: number): Promise<BudgetRecord> {
  const budget = (await budgets.get(companyId, budgetId)) ?? NotFound.throw('The budget');
  if (version !== undefined && budget.version !== version) throw new VersionConflict();
  return budget;
}

/**
 * The lines as stored: amounts one per period of the year at the company's precision, accounts
 * and cost centers resolved to ids, each (account, cost center) once.
 * Errors: NotFound naming financialYearId or a line's reference; ValidationError naming the line.
 */
async function checkedLines(facts: BudgetLineFacts, companyId: string, input: CreateBudgetInput): Promise<BudgetLine[]> {
  const [year, settings] = await Promise.all([facts.year(companyId, input.financialYearId), facts.settings(companyId)]);
  if (!year) NotFound.throw('The financial year', 'financialYearId');
  if (!settings) NotFound.throw('The company settings');
  const amounts = checkLineAmounts(input.lines, year.periods.length, settings.decimalPrecision);
  const lines = await resolveBudgetLines(facts, companyId, input.lines, amounts);
  checkDistinctLines(lines);
  return lines;
}

/** Errors: those of checkedLines. */
export async function createBudget(budgets: BudgetCreating, uow: UnitOfWork, companyId: string, input: CreateBudgetInput): Promise<BudgetView> {
  const lines = await checkedLines(budgets, companyId, input);
  const now = new Date().toISOString();
  const budget: BudgetRecord = { companyId, budgetId: randomUUID(), name: input.name, financialYearId: input.financialYearId, lines, version: 1, createdAt: now, updatedAt: now };
  return uow.commit(budgets.createChanges(budget), budgetView(budget));
}

/** Errors: NotFound. */
export async function readBudget(budgets: BudgetReads, companyId: string, budgetId: string): Promise<BudgetView> {
  return budgetView(await mustGet(budgets, companyId, budgetId));
}

/** Budgets without their lines (lineCount instead), newest first unless orderAsc; the keyword matches the name. Errors: ValidationError (InvalidCursor). */
export async function listBudgets(budgets: BudgetList, companyId: string, query: ListQuery): Promise<Page<BudgetSummaryView>> {
  const page = await budgets.page(companyId, query);
  return { ...page, results: page.results.map(summaryView) };
}

/** Replaces name, year and lines. Errors: NotFound, VersionConflict, those of checkedLines. */
export async function updateBudget(budgets: BudgetReplacing, uow: UnitOfWork, companyId: string, budgetId: string, input: UpdateBudgetInput): Promise<BudgetView> {
  const before = await mustGet(budgets, companyId, budgetId, input.version);
  const lines = await checkedLines(budgets, companyId, input);
  const after: BudgetRecord = { ...before, name: input.name, financialYearId: input.financialYearId, lines, version: before.version + 1, updatedAt: new Date().toISOString() };
  return uow.commit(budgets.replaceChanges(before, after), budgetView(after));
}

/** Errors: NotFound, VersionConflict. */
export async function deleteBudget(budgets: BudgetDeleting, uow: UnitOfWork, companyId: string, budgetId: string, version: number): Promise<null> {
  return uow.commit(budgets.deleteChanges(await mustGet(budgets, companyId, budgetId, version)), null);
}
