import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { postJournal } from '../../shared/journals/post-journal.ts';

export const handler = endpoint(routes.journals.post, (r) => postJournal(r.uow, r.params.companyId, r.params.id, r.body));
