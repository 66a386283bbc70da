import { endpoint } from '../../shared/http/endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { getJournalView } from '../../shared/journals/read-journals.ts';

export const handler = endpoint(journalsRoutes.get, (r) => getJournalView(r.params.companyId, r.params.id));
