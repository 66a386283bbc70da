import { endpoint } from '../../shared/http/endpoint.ts';
import type { CreateJournalInput } from '../../shared/journals/schemas.ts';
import { createJournal } from '../../shared/journals/write-journal.ts';

export const handler = endpoint<CreateJournalInput>('journals.create', (r) => createJournal(r.uow, r.params.companyId!, r.body));
