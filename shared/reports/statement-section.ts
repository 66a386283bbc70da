import { rootsOf, treeRows, type ChartAccount, type Classification } from './account-tree.ts';
import { accountFields, formatter } from './figures.ts';
import type { ReportContext } from './report-context.ts';

/**
 * One section of a statement (assets, revenue...): the rows of the accounts of one
 * classification with any non-zero amount, along the tree, and the section's total per column.
 * `amountOf` gives a leaf's amount in a column, already signed as the section reads it.
 */
export function statementSection(ctx: ReportContext, classification: Classification, columnCount: number, amountOf: (leaf: ChartAccount, column: number) => bigint) {
  const figuresOf = (leaf: ChartAccount) => {
    const figures = Array.from({ length: columnCount }, (_, i) => amountOf(leaf, i));
    return figures.some((f) => f !== 0n) ? figures : undefined;
  };
  const rows = treeRows(ctx.chart, rootsOf(ctx.chart, [classification]), columnCount, figuresOf);
  const roots = rows.filter((r) => r.account.parentId === null);
  const totals = Array.from({ length: columnCount }, (_, i) => roots.reduce((sum, r) => sum + r.figures[i]!, 0n));
  const fixed = formatter(ctx);
  return { rows: rows.map((r) => ({ ...accountFields(r.account), amounts: r.figures.map(fixed) })), totals };
}
