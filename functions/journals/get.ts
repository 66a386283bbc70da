import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { getJournalView } from '../../shared/journals/read-journals.ts';

export const handler = readEndpoint(journalsRoutes.get, (r) => getJournalView(r.params.companyId, r.params.id));
