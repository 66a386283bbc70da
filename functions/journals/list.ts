import { endpoint } from '../../shared/http/endpoint.ts';
import { journalsRoutes } from '../../shared/routes/journals.ts';
import { listJournals } from '../../shared/journals/read-journals.ts';

export const handler = endpoint(journalsRoutes.list, (r) => listJournals(r.params.companyId, r.query));
