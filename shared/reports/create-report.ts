import { randomUUID } from 'node:crypto';
import { currentAuditHead } from '../audit/audit-head.ts';
import type { Principal } from '../auth/principal.ts';
import { config } from '../config.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { ReportSnapshot } from './records.ts';
import type { ReportCreating } from './store.ts';
import type { CreateReportInput } from './schemas.ts';
import { summaryView, type ReportSummaryView } from './snapshots.ts';

/*
 * Apart from snapshots.ts (reading and listing snapshots), so those functions' bundles hold
 * none of the reports a snapshot is generated from.
 */

/**
 * The figures of a report kind, exactly as its GET endpoint answers them. A request makes one
 * of the four: each kind's module (and what only the reports share) loads when a request first
 * asks for that kind, so the function starts with none of them.
 */
async function figuresOf(books: ReportCreating, companyId: string, input: CreateReportInput) {
  switch (input.kind) {
    case 'TrialBalance':
      return (await import('./trial-balance.ts')).trialBalance(books, companyId, input.parameters);
    case 'IncomeStatement':
      return (await import('./income-statement.ts')).incomeStatement(books, companyId, input.parameters);
    case 'BalanceSheet':
      return (await import('./balance-sheet.ts')).balanceSheet(books, companyId, input.parameters);
    case 'CashFlow':
      return (await import('./cash-flow.ts')).cashFlow(books, companyId, input.parameters);
  }
}

/**
 * Generates a report and stores its figures as an immutable snapshot, with the parameters
 * as given, who asked and the chain's head at that moment; answers the snapshot without its figures (read them with GET).
 * A company stores at most `config.reportSnapshotLimit` snapshots.
 * Errors: NotFound (year, period, cost center), ValidationError (InvalidRange, RangeTooLong,
 * NoFinancialYear), BooksInMotion, as the report of its kind raises them (trial-balance.ts,
 * income-statement.ts, balance-sheet.ts, cash-flow.ts); StateConflict (ReportTooLarge,
 * TooManyReports).
 */
export async function createReport(books: ReportCreating, uow: UnitOfWork, companyId: string, principal: Principal, input: CreateReportInput): Promise<ReportSummaryView> {
  // The head first: every change numbered at or before it committed before the figures are read.
  const auditHead = await currentAuditHead(books, companyId);
  const figures = await figuresOf(books, companyId, input);
  const snapshot: ReportSnapshot = {
    id: randomUUID(),
    kind: input.kind,
    // As given: a list (a balance sheet's dates) as the comma-separated text it came as.
    parameters: Object.fromEntries(Object.entries(input.parameters).filter(([, v]) => v !== undefined).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])),
    createdAt: new Date().toISOString(),
    createdBy: principal.kind === 'user' ? { type: 'user', id: principal.userId } : { type: 'apiKey', id: principal.keyId },
    auditHead,
    figures,
  };
  return uow.commit(books.putChanges(companyId, snapshot, config.reportSnapshotLimit), summaryView(snapshot));
}

