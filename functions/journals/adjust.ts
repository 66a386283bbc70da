import { endpoint } from '../../shared/http/endpoint.ts';
import { adjustJournal } from '../../shared/journals/post-journal.ts';

export const handler = endpoint<{ version: number }>('journals.adjust', (r) => adjustJournal(r.uow, r.params.companyId!, r.params.id!, r.body.version));
