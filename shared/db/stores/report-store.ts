import { gunzipSync, gzipSync } from 'node:zlib';
import type { AuditHead } from '../../audit/chain.ts';
import type { ReportSnapshot, ReportSummary } from '../../reports/records.ts';
import { StateConflict } from '../../errors.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import { cappedCountOp } from './company-counts.ts';
import { reportKeys } from '../table/keys.ts';
import { keywordListPage } from '../table/paginate.ts';
import { conditions, getItem, mainTable, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * Stored report snapshots: immutable items, written once and never updated. The figures are
 * kept gzip-compressed (a chart's rows repeat the same field names), which keeps a report of
 * thousands of accounts inside DynamoDB's 400 KB item limit.
 */

/** Compressed figures a snapshot may hold: the item limit less room for its other attributes. */
const MAX_FIGURES_BYTES = 380_000;

/**
 * The snapshot, and the company's count of stored snapshots moved up by one in the same
 * transaction, conditionally on staying within `limit`: two stores at the limit cannot both
 * pass. Errors: StateConflict ReportTooLarge, TooManyReports.
 */
export function putReportOps(companyId: string, report: ReportSnapshot, limit: number): WriteOp[] {
  const figures = gzipSync(JSON.stringify(report.figures));
  if (figures.length > MAX_FIGURES_BYTES) throw new StateConflict('ReportTooLarge', 'The report is too large to store; narrow it (a cost center, a shorter range).');
  const { figures: _figures, ...summary } = report;
  return [
    mainTable.put(
      { ...reportKeys.report(companyId, report.id), ...reportKeys.reportByCreation(companyId, report.createdAt, report.id), entity: 'Report', ...summary, figures },
      { condition: conditions.absent },
    ),
    cappedCountOp(companyId, 'reportCount', 1, { max: limit, code: 'TooManyReports', what: 'stored report snapshots', wayOut: 'snapshots are kept for good, but the report endpoints (GET .../Reports/TrialBalance, ...) still answer any report unstored' }),
  ];
}

const summaryOf = (item: Item): ReportSummary => ({
  id: item.id as string,
  kind: item.kind as string,
  parameters: item.parameters as Record<string, unknown>,
  createdAt: item.createdAt as string,
  createdBy: item.createdBy as ReportSummary['createdBy'],
  ...(item.auditHead ? { auditHead: item.auditHead as AuditHead } : {}),
});

export async function getReport(companyId: string, reportId: string): Promise<ReportSnapshot | undefined> {
  const item = await getItem(reportKeys.report(companyId, reportId), { consistent: true });
  return item && { ...summaryOf(item), figures: JSON.parse(gunzipSync(item.figures as Uint8Array).toString('utf8')) as unknown };
}

export function reportsPage(companyId: string, query: ListQuery): Promise<Page<ReportSummary>> {
  return keywordListPage(
    { index: 'gsi1', partition: reportKeys.reportListPartition(companyId), companyId, endpoint: 'reports.list', keywordAttribute: 'kind', toRecord: summaryOf },
    query,
    query.keyword ?? '',
  );
}
