import { reportSnapshotList } from '../../shared/db/stores/report-snapshot-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { listReports } from '../../shared/reports/snapshots.ts';

export const handler = readEndpoint(reportsRoutes.list, (r) => listReports(reportSnapshotList, r.params.companyId, r.query));
