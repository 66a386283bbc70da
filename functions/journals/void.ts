import { endpoint } from '../../shared/http/endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { voidJournal } from '../../shared/journals/post-journal.ts';

export const handler = endpoint(journalsRoutes.void, (r) => voidJournal(r.uow, r.params.companyId, r.params.id, r.body.version));
