import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { updateJournal } from '../../shared/journals/write-journal.ts';

export const handler = endpoint(routes.journals.update, (r) => updateJournal(r.uow, r.params.companyId, r.params.id, r.body));
