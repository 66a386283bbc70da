import type { BudgetLine, BudgetRecord, BudgetSummary } from '../../budgets/records.ts';
import { NotFound, VersionConflict } from '../../errors.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import { budgetKeys } from '../table/keys.ts';
import { keywordListPage } from '../table/paginate.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * A company's budgets: each as two items written together, the budget (name, year, line count,
 * version; listed on gsi1 by creation time) and its lines, so a list page never reads lines.
 * The budget item carries the version every change is conditioned on.
 */
const FIELDS = ['companyId', 'budgetId', 'name', 'financialYearId', 'lineCount', 'version', 'createdAt', 'updatedAt'] as const;
const summaryFromItem = (item: Item) => recordOf<BudgetSummary>(item, FIELDS);

const gone = () => new NotFound('The budget');
const changedOrGone = (old: Item | undefined) => (old ? new VersionConflict() : gone());

const linesItem = (b: BudgetRecord) => ({ ...budgetKeys.budgetLines(b.companyId, b.budgetId), entity: 'BudgetLines', lines: b.lines });

const summaryOf = ({ lines, ...budget }: BudgetRecord): BudgetSummary => ({ ...budget, lineCount: lines.length });

/** The budget with its lines, or undefined (strongly consistent). */
export async function getBudget(companyId: string, budgetId: string): Promise<BudgetRecord | undefined> {
  const [item, lines] = await Promise.all([getItem(budgetKeys.budget(companyId, budgetId), { consistent: true }), getItem(budgetKeys.budgetLines(companyId, budgetId), { consistent: true })]);
  if (!item || !lines) return undefined;
  const { lineCount: _count, ...budget } = summaryFromItem(item);
  return { ...budget, lines: lines.lines as BudgetLine[] };
}

export function createBudgetOps(budget: BudgetRecord): WriteOp[] {
  return [
    mainTable.put({ ...budgetKeys.budget(budget.companyId, budget.budgetId), ...budgetKeys.budgetByCreation(budget.companyId, budget.createdAt, budget.budgetId), entity: 'Budget', ...summaryOf(budget) }, { condition: conditions.absent }),
    mainTable.put(linesItem(budget), { condition: conditions.absent }),
  ];
}

/** A versioned replace: the budget item at its version (else 409, or 404 once deleted), and its lines rewritten with it. */
export function updateBudgetOps(before: BudgetRecord, after: BudgetRecord): WriteOp[] {
  return [
    mainTable.update(
      budgetKeys.budget(after.companyId, after.budgetId),
      {
        expression: 'SET #name = :name, financialYearId = :year, lineCount = :count, version = :next, updatedAt = :now',
        names: { '#name': 'name' },
        values: { ':name': after.name, ':year': after.financialYearId, ':count': after.lines.length, ':next': after.version, ':now': after.updatedAt },
      },
      { condition: conditions.atVersion(before.version), returnOld: true, onConditionFailed: changedOrGone },
    ),
    mainTable.put(linesItem(after)),
  ];
}

/** Deletes the budget at its version, and its lines. */
export function deleteBudgetOps(budget: BudgetRecord): WriteOp[] {
  return [
    mainTable.delete(budgetKeys.budget(budget.companyId, budget.budgetId), { condition: conditions.atVersion(budget.version), returnOld: true, onConditionFailed: changedOrGone }),
    mainTable.delete(budgetKeys.budgetLines(budget.companyId, budget.budgetId)),
  ];
}

/** A page of budgets without their lines, by creation time; the keyword matches the name. */
export function budgetsPage(companyId: string, query: ListQuery): Promise<Page<BudgetSummary>> {
  return keywordListPage(
    { index: 'gsi1', partition: budgetKeys.budgetListPartition(companyId), companyId, endpoint: 'budgets.list', keywordAttribute: 'name', toRecord: summaryFromItem },
    query,
    query.keyword ?? '',
  );
}
