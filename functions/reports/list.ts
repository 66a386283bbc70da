import { endpoint } from '../../shared/http/endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { listReports } from '../../shared/reports/snapshots.ts';

export const handler = endpoint(reportsRoutes.list, (r) => listReports(r.params.companyId, r.query));
