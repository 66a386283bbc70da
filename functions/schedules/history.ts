import { historyReads } from '../../shared/db/stores/audit-ports.ts';
import { recordHistory } from '../../shared/audit/history.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as schedulesRoutes from '../../shared/routes/schedules.ts';

export const handler = readEndpoint(schedulesRoutes.history, (r) => recordHistory(historyReads, r.params.companyId, 'schedule', r.params.id, r.query));
