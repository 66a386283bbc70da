import { recordHistory } from '../../shared/audit/history.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';

export const handler = endpoint(journalsRoutes.history, (r) => recordHistory(r.params.companyId, 'journal', r.params.id, r.query));
