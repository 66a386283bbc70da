import { booksStore } from '../../shared/db/ledger/books-store.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { createRevaluation } from '../../shared/revaluations/create-revaluation.ts';

export const handler = endpoint(journalsRoutes.revalue, (r) => createRevaluation(booksStore, r.uow, r.params.companyId, r.body));
