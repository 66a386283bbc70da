import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { listReports } from '../../shared/reports/snapshots.ts';

export const handler = readEndpoint(reportsRoutes.list, (r) => listReports(r.params.companyId, r.query));
