import { matching } from '../../shared/db/stores/matching-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { readMatch } from '../../shared/reconciliation/matches.ts';

export const handler = readEndpoint(bankAccountsRoutes.getMatch, (r) => readMatch(matching, r.params.companyId, r.params.id, r.params.matchId));
