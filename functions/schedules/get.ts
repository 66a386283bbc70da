import { scheduleReads } from '../../shared/db/stores/schedule-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as schedulesRoutes from '../../shared/routes/schedules.ts';
import { readSchedule } from '../../shared/schedules/schedules.ts';

export const handler = readEndpoint(schedulesRoutes.get, (r) => readSchedule(scheduleReads, r.params.companyId, r.params.id));
