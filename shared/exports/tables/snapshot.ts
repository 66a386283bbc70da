import type { BalanceSheet } from '../../reports/balance-sheet.ts';
import type { CashFlow } from '../../reports/cash-flow.ts';
import type { IncomeStatement } from '../../reports/income-statement.ts';
import type { ReportSnapshotView } from '../../reports/snapshots.ts';
import type { TrialBalance } from '../../reports/trial-balance.ts';
import type { Language, ReportTable } from '../table.ts';
import { balanceSheetTable } from './balance-sheet.ts';
import { cashFlowTable } from './cash-flow.ts';
import { incomeStatementTable } from './income-statement.ts';
import { trialBalanceTable } from './trial-balance.ts';

/** A stored report's figures as the table of its kind: a snapshot exports exactly as its report did. */
export function snapshotTable(snapshot: ReportSnapshotView, language: Language): ReportTable {
  switch (snapshot.kind) {
    case 'TrialBalance':
      return trialBalanceTable(snapshot.figures as TrialBalance, language);
    case 'IncomeStatement':
      return incomeStatementTable(snapshot.figures as IncomeStatement, language);
    case 'BalanceSheet':
      return balanceSheetTable(snapshot.figures as BalanceSheet, language);
    case 'CashFlow':
      return cashFlowTable(snapshot.figures as CashFlow, language);
  }
}
