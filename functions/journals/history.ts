import { historyReads } from '../../shared/db/stores/audit-ports.ts';
import { recordHistory } from '../../shared/audit/history.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';

export const handler = readEndpoint(journalsRoutes.history, (r) => recordHistory(historyReads, r.params.companyId, 'journal', r.params.id, r.query));
