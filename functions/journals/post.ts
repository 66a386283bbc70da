import { endpoint } from '../../shared/http/endpoint.ts';
import { postJournal } from '../../shared/journals/post-journal.ts';
import type { PostJournalInput } from '../../shared/journals/schemas.ts';

export const handler = endpoint<PostJournalInput>('journals.post', (r) => postJournal(r.uow, r.params.companyId!, r.params.id!, r.body));
