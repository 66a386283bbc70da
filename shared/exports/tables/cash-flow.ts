import type { CashFlow } from '../../reports/cash-flow.ts';
import { label } from '../labels.ts';
import { amount, fileNamePart, type Language, type ReportTable } from '../table.ts';
import { statementColumn, sectionRows, totalRow } from './statement-columns.ts';

/**
 * A cash flow statement as a table, laid out as accountants read the indirect method: net
 * profit, the non-cash items added back, each activity's accounts and net cash, the net cash
 * flow, then the cash accounts with their opening, closing and change, and the check.
 */
export function cashFlowTable(report: CashFlow, language: Language): ReportTable {
  const t = report.totals;
  return {
    sheet: label('cashFlow', language),
    fileName: `cash-flow_${fileNamePart(report.dateFrom)}_${fileNamePart(report.dateTo)}`,
    rightToLeft: language === 'ar',
    columns: [{ header: label('code', language), width: 12 }, { header: label('account', language), width: 40 }, ...report.columns.map((c) => statementColumn(c, language))],
    indentColumn: 1,
    rows: [
      totalRow(label('netProfit', language), t.netProfit),
      ...sectionRows(label('nonCashItems', language), report.nonCash, label('nonCashItems', language), t.nonCash, language),
      ...sectionRows(label('operatingActivities', language), report.operating, label('netOperating', language), t.operatingActivities, language),
      ...sectionRows(label('investingActivities', language), report.investing, label('netInvesting', language), t.investingActivities, language),
      ...sectionRows(label('financingActivities', language), report.financing, label('netFinancing', language), t.financingActivities, language),
      totalRow(label('netCashFlow', language), t.netCashFlow),
      ...sectionRows(label('cashAccounts', language), report.cash, label('cashChange', language), t.cashChange, language),
      { cells: ['', label('openingCash', language), ...t.openingCash.map((a) => amount(a))] },
      { cells: ['', label('closingCash', language), ...t.closingCash.map((a) => amount(a))] },
      totalRow(label('unreconciled', language), t.unreconciled),
    ],
  };
}
