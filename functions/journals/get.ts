import { journalGetting } from '../../shared/db/stores/journal-list-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { getJournalView } from '../../shared/journals/read-journals.ts';

export const handler = readEndpoint(journalsRoutes.get, (r) => getJournalView(journalGetting, r.params.companyId, r.params.id));
