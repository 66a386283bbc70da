import { endpoint } from '../../shared/http/endpoint.ts';
import { voidJournal } from '../../shared/journals/post-journal.ts';

export const handler = endpoint<{ version: number }>('journals.void', (r) => voidJournal(r.uow, r.params.companyId!, r.params.id!, r.body.version));
