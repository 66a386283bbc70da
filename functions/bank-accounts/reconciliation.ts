import { reconciliationReads } from '../../shared/db/stores/reconciliation-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { reconciliationAt } from '../../shared/reconciliation/reconciliation.ts';

export const handler = readEndpoint(bankAccountsRoutes.reconciliation, (r) => reconciliationAt(reconciliationReads, r.params.companyId, r.params.id, r.query.date));
