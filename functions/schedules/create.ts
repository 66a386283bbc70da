import { scheduleCreating } from '../../shared/db/stores/schedule-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as schedulesRoutes from '../../shared/routes/schedules.ts';
import { createSchedule } from '../../shared/schedules/schedules.ts';

export const handler = endpoint(schedulesRoutes.create, (r) => createSchedule(scheduleCreating, r.uow, r.params.companyId, r.permissions ?? [], r.body));
