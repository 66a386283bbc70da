import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { createJournal } from '../../shared/journals/write-journal.ts';

export const handler = endpoint(routes.journals.create, (r) => createJournal(r.uow, r.params.companyId, r.body));
