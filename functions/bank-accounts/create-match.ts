import { matching } from '../../shared/db/stores/matching-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { createMatch } from '../../shared/reconciliation/matches.ts';

export const handler = endpoint(bankAccountsRoutes.createMatch, (r) => createMatch(matching, r.uow, r.params.companyId, r.params.id, r.permissions ?? [], r.body));
