import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { trialBalance } from '../../shared/reports/trial-balance.ts';

export const handler = endpoint(routes.reports.trialBalance, (r) => trialBalance(r.params.companyId, r.query));
