import { scheduleReplacing } from '../../shared/db/stores/schedule-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as schedulesRoutes from '../../shared/routes/schedules.ts';
import { updateSchedule } from '../../shared/schedules/schedules.ts';

export const handler = writeEndpoint(schedulesRoutes.update, (r) => updateSchedule(scheduleReplacing, r.uow, r.params.companyId, r.params.id, r.permissions ?? [], r.body));
