import { endpoint } from '../../shared/http/endpoint.ts';
import type { UpdateJournalInput } from '../../shared/journals/schemas.ts';
import { updateJournal } from '../../shared/journals/write-journal.ts';

export const handler = endpoint<UpdateJournalInput>('journals.update', (r) => updateJournal(r.uow, r.params.companyId!, r.params.id!, r.body));
