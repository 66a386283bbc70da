import { endpoint } from '../../shared/http/endpoint.ts';
import { reportsRoutes } from '../../shared/routes/reports.ts';
import { incomeStatement } from '../../shared/reports/income-statement.ts';

export const handler = endpoint(reportsRoutes.incomeStatement, (r) => incomeStatement(r.params.companyId, r.query));
