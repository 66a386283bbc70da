import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { adjustJournal } from '../../shared/journals/post-journal.ts';

export const handler = endpoint(routes.journals.adjust, (r) => adjustJournal(r.uow, r.params.companyId, r.params.id, r.body.version));
