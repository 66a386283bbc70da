/**
 * The kinds of stored report (reports/schemas.ts CreateReportBody takes one of each): here, among
 * the schemas, so the response schemas name them without importing the domain.
 */
export const REPORT_KINDS = ['TrialBalance', 'IncomeStatement', 'BalanceSheet', 'CashFlow'] as const;
