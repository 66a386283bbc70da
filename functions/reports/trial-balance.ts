import { endpoint } from '../../shared/http/endpoint.ts';
import { reportsRoutes } from '../../shared/routes/reports.ts';
import { trialBalance } from '../../shared/reports/trial-balance.ts';

export const handler = endpoint(reportsRoutes.trialBalance, (r) => trialBalance(r.params.companyId, r.query));
