import { occurrenceSkipping } from '../../shared/db/stores/schedule-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as schedulesRoutes from '../../shared/routes/schedules.ts';
import { skipOccurrence } from '../../shared/schedules/occurrences.ts';

export const handler = endpoint(schedulesRoutes.skip, (r) => skipOccurrence(occurrenceSkipping, r.uow, r.params.companyId, r.params.id, r.body));
