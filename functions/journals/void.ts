import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { voidJournal } from '../../shared/journals/post-journal.ts';

export const handler = endpoint(routes.journals.void, (r) => voidJournal(r.uow, r.params.companyId, r.params.id, r.body.version));
