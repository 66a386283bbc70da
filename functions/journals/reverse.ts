import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { reverseJournal } from '../../shared/journals/post-journal.ts';

export const handler = endpoint(routes.journals.reverse, (r) => reverseJournal(r.uow, r.params.companyId, r.params.id, r.body));
