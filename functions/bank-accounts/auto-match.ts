import { autoMatching } from '../../shared/db/stores/auto-matching-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { autoMatch } from '../../shared/reconciliation/auto-matching.ts';

export const handler = endpoint(bankAccountsRoutes.autoMatch, (r) => autoMatch(autoMatching, r.uow, r.params.companyId, r.params.id, r.permissions ?? [], r.body));
