import { endpoint } from '../../shared/http/endpoint.ts';
import { reportsRoutes } from '../../shared/routes/reports.ts';
import { cashFlow } from '../../shared/reports/cash-flow.ts';

export const handler = endpoint(reportsRoutes.cashFlow, (r) => cashFlow(r.params.companyId, r.query));
