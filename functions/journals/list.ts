import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { listJournals } from '../../shared/journals/read-journals.ts';

export const handler = endpoint(routes.journals.list, (r) => listJournals(r.params.companyId, r.query));
