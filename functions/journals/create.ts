import { draftCreatingStore } from '../../shared/db/ledger/draft-books-store.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { createJournal } from '../../shared/journals/write-journal.ts';

export const handler = endpoint(journalsRoutes.create, (r) => createJournal(draftCreatingStore, r.uow, r.params.companyId, r.body));
