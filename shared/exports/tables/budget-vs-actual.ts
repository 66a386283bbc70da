import type { BudgetVsActual } from '../../reports/budget-vs-actual.ts';
import { label } from '../labels.ts';
import { amount, fileNamePart, nameIn, type Cell, type Language, type ReportTable, type TableColumn } from '../table.ts';

type Comparison = BudgetVsActual['totals']['revenue'];

/**
 * Budget vs actual as a table: code, account, cost center, then for each column (the range, and
 * each month on request) its budget, actual, variance and variance percent; the revenue,
 * expense and net profit totals in bold.
 */
export function budgetVsActualTable(report: BudgetVsActual, language: Language): ReportTable {
  const figureColumns: TableColumn[] = report.columns.flatMap((c) => {
    const when = `${c.dateFrom} – ${c.dateTo}`;
    return (['budget', 'actual', 'variance', 'variancePercent'] as const).map((name) => ({ header: `${label(name, language)} ${when}`, width: 18, headerDates: c.dateFrom ? [c.dateFrom, c.dateTo] : [c.dateTo] }));
  });
  return {
    sheet: label('budgetVsActual', language),
    fileName: `budget-vs-actual_${fileNamePart(report.budgetName)}_${fileNamePart(report.dateFrom)}_${fileNamePart(report.dateTo)}`,
    rightToLeft: language === 'ar',
    columns: [{ header: label('code', language), width: 12 }, { header: label('account', language), width: 40 }, { header: label('costCenter', language), width: 24 }, ...figureColumns],
    indentColumn: 1,
    rows: [
      ...report.rows.map((r) => ({ cells: [r.code, nameIn(r.name, language), r.costCenter ? nameIn(r.costCenter.name, language) : '', ...figures(r, report.columns.length)], level: 1 })),
      { cells: ['', label('totalRevenue', language), '', ...figures(report.totals.revenue, report.columns.length)], bold: true },
      { cells: ['', label('totalExpense', language), '', ...figures(report.totals.expense, report.columns.length)], bold: true },
      { cells: ['', label('netProfit', language), '', ...figures(report.totals.netProfit, report.columns.length)], bold: true },
    ],
  };
}

/** One column group's four cells per column; a percent with no budget is an empty cell. */
function figures(c: Comparison, columns: number): Cell[] {
  return Array.from({ length: columns }, (_, i) => [amount(c.budget[i]!), amount(c.actual[i]!), amount(c.variance[i]!), c.variancePercent[i] === null ? null : amount(c.variancePercent[i]!)]).flat();
}
