import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { getJournalView } from '../../shared/journals/read-journals.ts';

export const handler = endpoint(routes.journals.get, (r) => getJournalView(r.params.companyId, r.params.id));
