import { draftUpdatingStore } from '../../shared/db/ledger/draft-books-store.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { updateJournal } from '../../shared/journals/write-journal.ts';

export const handler = endpoint(journalsRoutes.update, (r) => updateJournal(draftUpdatingStore, r.uow, r.params.companyId, r.params.id, r.body));
