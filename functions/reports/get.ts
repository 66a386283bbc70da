import { endpoint } from '../../shared/http/endpoint.ts';
import { reportsRoutes } from '../../shared/routes/reports.ts';
import { getReportSnapshot } from '../../shared/reports/snapshots.ts';

export const handler = endpoint(reportsRoutes.get, (r) => getReportSnapshot(r.params.companyId, r.params.id));
