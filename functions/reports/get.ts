import { reportSnapshotReads } from '../../shared/db/stores/report-snapshot-ports.ts';
import { answer } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { getReportSnapshot } from '../../shared/reports/snapshots.ts';

export const handler = readEndpoint(reportsRoutes.get, (r) => answer(r, () => getReportSnapshot(reportSnapshotReads, r.params.companyId, r.params.id), async () => (await import('../../shared/exports/tables/snapshot.ts')).snapshotTable));
