import type { BalanceSheet } from '../../reports/balance-sheet.ts';
import { label } from '../labels.ts';
import { amount, fileNamePart, type Language, type ReportTable } from '../table.ts';
import { statementColumn, sectionRows, totalRow } from './statement-columns.ts';

/** A balance sheet as a table: code, account, one amount per date; assets, liabilities, equity with the unclosed earnings. */
export function balanceSheetTable(report: BalanceSheet, language: Language): ReportTable {
  const equity = sectionRows(label('equity', language), report.equity, label('totalEquity', language), report.totals.equity, language);
  // The unclosed earnings are equity lines, above equity's total.
  equity.splice(equity.length - 1, 0, earnings(label('currentYearEarnings', language), report.currentYearEarnings), earnings(label('earlierYearsEarnings', language), report.earlierYearsEarnings));
  return {
    sheet: label('balanceSheet', language),
    fileName: `balance-sheet_${report.columns.map((c) => fileNamePart(c.dateTo)).join('_')}`,
    rightToLeft: language === 'ar',
    columns: [{ header: label('code', language), width: 12 }, { header: label('account', language), width: 40 }, ...report.columns.map((c) => statementColumn(c, language))],
    indentColumn: 1,
    rows: [
      ...sectionRows(label('assets', language), report.assets, label('totalAssets', language), report.totals.assets, language),
      ...sectionRows(label('liabilities', language), report.liabilities, label('totalLiabilities', language), report.totals.liabilities, language),
      ...equity,
      totalRow(label('liabilitiesAndEquity', language), report.totals.liabilitiesAndEquity),
    ],
  };
}

const earnings = (text: string, amounts: readonly string[]) => ({ cells: ['', text, ...amounts.map((a) => amount(a))], level: 1 });
