import { budgetView } from '../budgets/budgets.ts';
import type { BudgetLine, BudgetRecord, BudgetSummary } from '../budgets/records.ts';
import { resolveBudgetLines } from '../budgets/resolve-budget-lines.ts';
import { checkDistinctLines, checkLineAmounts, MAX_BUDGET_LINES } from '../budgets/rules.ts';
import { NotFound, ValidationError } from '../errors.ts';
import { MAX_PERIODS } from '../financial-years/rules.ts';
import { Reference } from '../schemas/common.ts';
import { importedId } from './ids.ts';
import type { ImportPlan, JobSteps } from './job-steps.ts';
import type { ImportJob, RowError } from './records.ts';
import type { SourceRow } from './read-rows.ts';
import { rowFailure } from './row-failure.ts';
import { RowFields } from './row-fields.ts';
import type { ImportWork } from './store.ts';

/**
 * A budgetLines import: the file becomes one budget named `budgetName` for `financialYearId`,
 * one line per row (`accountPath`, `costCenterPath`, and one amount column per period, p1..pN).
 * Each row is checked with the budgets' own rules (budgets/rules.ts, resolve-budget-lines.ts),
 * their errors named by the row's column. A budget of the same name in the year is left alone,
 * its rows counted as skipped, so a re-run writes nothing; one this very job wrote (a resumed
 * job) is recognised by its id and planned again.
 * Errors: ValidationError naming `financialYearId` (the year is gone) or `data` (TooManyLines).
 */
export async function planBudgetImport(work: ImportWork, job: ImportJob, companyId: string, rows: SourceRow[], readErrors: RowError[]): Promise<ImportPlan> {
  const [year, settings] = await Promise.all([work.year(companyId, job.financialYearId!), work.settings(companyId)]);
  if (!year) throw ValidationError.field('financialYearId', 'names a financial year the company no longer has', 'NotFound');
  if (!settings) NotFound.throw('The company settings');
  if (rows.length > MAX_BUDGET_LINES) throw ValidationError.field('data', `has ${rows.length} rows; a budget holds at most ${MAX_BUDGET_LINES} lines`, 'TooManyLines');
  const errors: RowError[] = [];
  const lines: Array<{ row: number; line: BudgetLine }> = [];
  for (const source of rows) {
    const fields = new RowFields(source);
    fields.errors.push(...readErrors.filter((e) => e.row === source.row));
    const line = await checkedLine(work, companyId, fields, year.periods.length, settings.decimalPrecision);
    errors.push(...fields.errors);
    if (line) lines.push({ row: source.row, line });
  }
  errors.push(...withoutDuplicates(lines));
  const invalidRows = new Set(errors.map((e) => e.row));
  const budget: BudgetRecord = { companyId, budgetId: importedId(job.id, 'budget'), name: job.budgetName!, financialYearId: year.id, lines: lines.map((l) => l.line), version: 1, createdAt: job.createdAt, updatedAt: job.createdAt };
  const existing = await sameBudget(work, companyId, budget);
  const skip = existing !== undefined && existing.budgetId !== budget.budgetId;
  const units = skip || lines.length === 0 ? 0 : 1;
  return {
    errors: errors.sort((a, b) => a.row - b.row),
    invalidRows,
    skippedRows: new Set(skip ? lines.map((l) => l.row) : []),
    rowsToWrite: units * lines.length,
    units,
    write: (steps) => writeBudget(steps, budget),
  };
}

/** A row as a budget line, or undefined with its errors on `fields`. */
async function checkedLine(work: ImportWork, companyId: string, fields: RowFields, periods: number, precision: number): Promise<BudgetLine | undefined> {
  const accountId = fields.read('accountPath', Reference());
  const costCenterId = fields.read('costCenterPath', Reference()) ?? null;
  const texts = periodTexts(fields, periods);
  if (!fields.ok || !accountId) return undefined;
  const columns = { 'lines[0].accountId': 'accountPath', 'lines[0].costCenterId': 'costCenterPath', ...Object.fromEntries(texts.map((_, k) => [`lines[0].amounts[${k}]`, `p${k + 1}`])) };
  try {
    const amounts = checkLineAmounts([{ amounts: texts }], periods, precision);
    return (await resolveBudgetLines(work.budgetLineNodes, companyId, [{ accountId, costCenterId }], amounts))[0];
  } catch (error) {
    fields.errors.push(rowFailure(error, fields.source.row, columns));
    return undefined;
  }
}

/** The amounts of columns p1..pN, N the year's period count: each required, none beyond. */
function periodTexts(fields: RowFields, periods: number): string[] {
  const texts: string[] = [];
  for (let k = 1; k <= MAX_PERIODS; k++) {
    const text = fields.text(`p${k}`);
    if (k <= periods && text === undefined) fields.fail(`p${k}`, `is required: the financial year has ${periods} periods, one column each (p1 to p${periods})`, 'PeriodCount');
    if (k > periods && text !== undefined) fields.fail(`p${k}`, `is beyond the financial year's ${periods} periods (p1 to p${periods})`, 'PeriodCount');
    if (k <= periods) texts.push(text ?? '');
  }
  return texts;
}

/**
 * Takes out of `lines` each line the budgets' own rule refuses next to the earlier ones (the
 * same account and cost center twice, an account both as a whole and by cost center), answering
 * an error of its row.
 */
function withoutDuplicates(lines: Array<{ row: number; line: BudgetLine }>): RowError[] {
  const errors: RowError[] = [];
  for (;;) {
    try {
      checkDistinctLines(lines.map((l) => l.line));
      return errors;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const item = error.items[0]!;
      const at = Number(/^lines\[(\d+)\]/.exec(item.name)![1]);
      const reason = item.reason.replace(/lines\[(\d+)\]/g, (_, i: string) => `row ${lines[Number(i)]!.row}`);
      errors.push({ row: lines[at]!.row, field: item.name.endsWith('costCenterId') ? 'costCenterPath' : 'accountPath', reason, code: item.code });
      lines.splice(at, 1);
    }
  }
}

/** The budget of the same name in the same year, if the company has one (budgets are few: read page by page). */
async function sameBudget(work: ImportWork, companyId: string, budget: BudgetRecord): Promise<BudgetSummary | undefined> {
  let page: string | undefined;
  do {
    const found = await work.budgetsPage(companyId, page);
    const same = found.results.find((b) => b.name === budget.name && b.financialYearId === budget.financialYearId);
    if (same) return same;
    page = found.nextPage ?? undefined;
  } while (page);
  return undefined;
}

/** One step: the budget with its `BudgetCreated` event; a write the books refuse is an error of the file. */
async function writeBudget(steps: JobSteps, budget: BudgetRecord): Promise<void> {
  try {
    await steps.inTransaction(0, () => [...steps.work.budgetChanges(budget), steps.eventOp('BudgetCreated', budgetView(budget))], { written: budget.lines.length });
  } catch (error) {
    await steps.failed(0, rowFailure(error, 0, {}));
  }
}
