import { endpoint } from '../../shared/http/endpoint.ts';
import { reverseJournal } from '../../shared/journals/post-journal.ts';
import type { ReverseJournalInput } from '../../shared/journals/schemas.ts';

export const handler = endpoint<ReverseJournalInput>('journals.reverse', (r) => reverseJournal(r.uow, r.params.companyId!, r.params.id!, r.body));
