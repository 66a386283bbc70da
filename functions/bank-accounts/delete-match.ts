import { matching } from '../../shared/db/stores/matching-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { deleteMatch } from '../../shared/reconciliation/matches.ts';

export const handler = writeEndpoint(bankAccountsRoutes.deleteMatch, (r) => deleteMatch(matching, r.uow, r.params.companyId, r.params.id, r.params.matchId, r.body.version));
