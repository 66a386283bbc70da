import { postingBooks } from '../../shared/db/ledger/books-store.ts';
import { postingPeriod } from '../../shared/financial-years/posting-rules.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { reverseJournal } from '../../shared/journals/post-journal.ts';

export const handler = endpoint(journalsRoutes.reverse, (r) => reverseJournal(postingBooks(postingPeriod), r.uow, r.params.companyId, r.params.id, r.body));
