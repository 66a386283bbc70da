import { booksStore } from '../../shared/db/ledger/books-store.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { voidJournal } from '../../shared/journals/post-journal.ts';

export const handler = writeEndpoint(journalsRoutes.void, (r) => voidJournal(booksStore, r.uow, r.params.companyId, r.params.id, r.body.version));
