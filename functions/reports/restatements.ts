import { restatements } from '../../shared/audit/restatements.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';

export const handler = endpoint(reportsRoutes.restatements, (r) => restatements(r.params.companyId, r.query));
