import type { ReportSummary } from './records.ts';
import { NotFound } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { ReportSnapshotList, ReportSnapshotReads } from './store.ts';

export type ReportSnapshotView = ResponseOf<'ReportSnapshotResponse'>;
export type ReportSummaryView = ResponseOf<'ReportSnapshotSummaryResponse'>;

/** Errors: NotFound. */
export async function getReportSnapshot(reports: ReportSnapshotReads, companyId: string, reportId: string): Promise<ReportSnapshotView> {
  const report = (await reports.get(companyId, reportId)) ?? NotFound.throw('The report');
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
export async function listReports(reports: ReportSnapshotList, companyId: string, query: ListQuery): Promise<Page<ReportSummaryView>> {
  const page = await reports.page(companyId, query);
  return { ...page, results: page.results.map(summaryView) };
}

/** A snapshot without its figures, as lists and a new report's answer show it. */
export function summaryView(report: ReportSummary): ReportSummaryView {
  return {
    id: report.id,
    kind: report.kind as ReportSummaryView['kind'],
    parameters: report.parameters as ReportSummaryView['parameters'],
    createdAt: report.createdAt,
    createdBy: report.createdBy,
    auditHead: report.auditHead ?? null,
  };
}
