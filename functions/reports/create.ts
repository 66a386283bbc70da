import { reportCreating } from '../../shared/db/stores/report-create-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { principalOf } from '../../shared/http/principal-of.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { createReport } from '../../shared/reports/create-report.ts';

export const handler = endpoint(reportsRoutes.create, (r) => createReport(reportCreating, r.uow, r.params.companyId, principalOf(r), r.body));
