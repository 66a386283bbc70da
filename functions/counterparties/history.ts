import { historyReads } from '../../shared/db/stores/audit-ports.ts';
import { recordHistory } from '../../shared/audit/history.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as counterpartiesRoutes from '../../shared/routes/counterparties.ts';

export const handler = readEndpoint(counterpartiesRoutes.history, (r) => recordHistory(historyReads, r.params.companyId, 'counterparty', r.params.id, r.query));
