import { scheduleList } from '../../shared/db/stores/schedule-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as schedulesRoutes from '../../shared/routes/schedules.ts';
import { listSchedules } from '../../shared/schedules/schedules.ts';

export const handler = readEndpoint(schedulesRoutes.list, (r) => listSchedules(scheduleList, r.params.companyId, r.query));
