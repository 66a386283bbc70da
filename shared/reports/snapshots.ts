import { randomUUID } from 'node:crypto';
import { currentAuditHead } from '../audit/audit-head.ts';
import type { Principal } from '../auth/principal.ts';
import { config } from '../config.ts';
import { getReport, putReportOps, reportsPage } from '../db/stores/report-store.ts';
import type { ReportSnapshot, ReportSummary } from './records.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { NotFound } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { balanceSheet } from './balance-sheet.ts';
import { cashFlow } from './cash-flow.ts';
import { incomeStatement } from './income-statement.ts';
import type { CreateReportInput } from './schemas.ts';
import { trialBalance } from './trial-balance.ts';

export type ReportSnapshotView = ResponseOf<'ReportSnapshotResponse'>;
export type ReportSummaryView = ResponseOf<'ReportSnapshotSummaryResponse'>;

/** The figures of a report kind, exactly as its GET endpoint answers them. */
function figuresOf(companyId: string, input: CreateReportInput) {
  switch (input.kind) {
    case 'TrialBalance':
      return trialBalance(companyId, input.parameters);
    case 'IncomeStatement':
      return incomeStatement(companyId, input.parameters);
    case 'BalanceSheet':
      return balanceSheet(companyId, input.parameters);
    case 'CashFlow':
      return cashFlow(companyId, input.parameters);
  }
}

/**
 * Generates a report and stores its figures as an immutable snapshot, with the parameters
 * as given, who asked and the chain's head at that moment; answers the snapshot without its figures (read them with GET).
 * A company stores at most `config.reportSnapshotLimit` snapshots.
 * Errors: those of trialBalance, incomeStatement and balanceSheet, StateConflict
 * (ReportTooLarge, TooManyReports).
 */
export async function createReport(uow: UnitOfWork, companyId: string, principal: Principal, input: CreateReportInput): Promise<ReportSummaryView> {
  // The head first: every change numbered at or before it committed before the figures are read.
  const auditHead = await currentAuditHead(companyId);
  const figures = await figuresOf(companyId, input);
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
  return uow.commit(putReportOps(companyId, snapshot, config.reportSnapshotLimit), summaryView(snapshot));
}

/** Errors: NotFound. */
export async function getReportSnapshot(companyId: string, reportId: string): Promise<ReportSnapshotView> {
  const report = (await getReport(companyId, reportId)) ?? NotFound.throw('The report');
  return { ...summaryView(report), figures: withLaterFields(report.kind, report.figures) };
}

/**
 * Figures stored before a field existed show it as the schema says: `knownAt` null (a snapshot
 * is always of the books of its moment), and a trial balance's `currencies` and `columns` none
 * known (null). Spread after the defaults, a stored value wins.
 */
function withLaterFields(kind: string, figures: unknown): ReportSnapshotView['figures'] {
  const stored: object = { knownAt: null, ...(figures as object) };
  if (kind !== 'TrialBalance') return stored as ReportSnapshotView['figures'];
  const trial = stored as { rows: Array<{ currencies?: unknown }> };
  return { columns: null, ...trial, rows: trial.rows.map((row) => ({ currencies: null, columns: null, ...row })) } as ReportSnapshotView['figures'];
}

/** Newest first. Errors: ValidationError (InvalidCursor). */
export async function listReports(companyId: string, query: ListQuery): Promise<Page<ReportSummaryView>> {
  const page = await reportsPage(companyId, query);
  return { ...page, results: page.results.map(summaryView) };
}

function summaryView(report: ReportSummary): ReportSummaryView {
  return {
    id: report.id,
    kind: report.kind as ReportSummaryView['kind'],
    parameters: report.parameters as ReportSummaryView['parameters'],
    createdAt: report.createdAt,
    createdBy: report.createdBy,
    auditHead: report.auditHead ?? null,
  };
}
