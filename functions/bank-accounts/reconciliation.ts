import { reconciliationReads } from '../../shared/db/stores/reconciliation-report-ports.ts';
import { answer } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { reconciliationAt } from '../../shared/reconciliation/reconciliation.ts';

export const handler = readEndpoint(bankAccountsRoutes.reconciliation, (r) => answer(r, () => reconciliationAt(reconciliationReads, r.params.companyId, r.params.id, r.query.date, r.query.knownAt), async () => (await import('../../shared/exports/tables/reconciliation.ts')).reconciliationTable));
