import { postingBooks } from '../../shared/db/ledger/books-store.ts';
import { postingPeriod } from '../../shared/financial-years/posting-rules.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { voidJournal } from '../../shared/journals/post-journal.ts';

export const handler = writeEndpoint(journalsRoutes.void, (r) => voidJournal(postingBooks(postingPeriod), r.uow, r.params.companyId, r.params.id, r.body.version));
