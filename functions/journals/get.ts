import { endpoint } from '../../shared/http/endpoint.ts';
import { getJournalView } from '../../shared/journals/read-journals.ts';

export const handler = endpoint('journals.get', (r) => getJournalView(r.params.companyId!, r.params.id!));
