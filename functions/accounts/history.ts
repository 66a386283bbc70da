import { recordHistory } from '../../shared/audit/history.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { accountsRoutes } from '../../shared/routes/accounts.ts';

export const handler = endpoint(accountsRoutes.history, (r) => recordHistory(r.params.companyId, 'account', r.params.id, r.query));
