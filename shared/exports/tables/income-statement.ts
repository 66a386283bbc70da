import type { IncomeStatement } from '../../reports/income-statement.ts';
import { label } from '../labels.ts';
import { fileNamePart, type Language, type ReportTable } from '../table.ts';
import { statementColumn, sectionRows, totalRow } from './statement-columns.ts';

/** An income statement as a table: code, account, one amount per column; revenue, expense and net profit. */
export function incomeStatementTable(report: IncomeStatement, language: Language): ReportTable {
  const first = report.columns[0];
  return {
    sheet: label('incomeStatement', language),
    fileName: `income-statement_${fileNamePart(first?.dateFrom ?? '')}_${fileNamePart(first?.dateTo ?? '')}`,
    rightToLeft: language === 'ar',
    columns: [{ header: label('code', language), width: 12 }, { header: label('account', language), width: 40 }, ...report.columns.map((c) => statementColumn(c, language))],
    indentColumn: 1,
    rows: [
      ...sectionRows(label('revenue', language), report.revenue, label('totalRevenue', language), report.totals.revenue, language),
      ...sectionRows(label('expense', language), report.expense, label('totalExpense', language), report.totals.expense, language),
      totalRow(label('netProfit', language), report.totals.netProfit),
    ],
  };
}
