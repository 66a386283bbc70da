import type { ReportSnapshotList, ReportSnapshotReads } from '../../reports/store.ts';
import { getReport, reportsPage } from './report-store.ts';

/** Reading and listing report snapshots (reports/store.ts): apart from report-ports.ts, so these functions load none of the reports' reads. */
export const reportSnapshotReads: ReportSnapshotReads = { get: getReport };

export const reportSnapshotList: ReportSnapshotList = { page: reportsPage };
