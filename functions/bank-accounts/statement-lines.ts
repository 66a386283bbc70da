import { statementLineList } from '../../shared/db/stores/reconciliation-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { listStatementLines } from '../../shared/reconciliation/statement-lines.ts';

export const handler = readEndpoint(bankAccountsRoutes.statementLines, (r) => listStatementLines(statementLineList, r.params.companyId, r.params.id, r.query));
