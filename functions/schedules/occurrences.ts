import { occurrenceReads } from '../../shared/db/stores/schedule-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as schedulesRoutes from '../../shared/routes/schedules.ts';
import { listOccurrences } from '../../shared/schedules/occurrences.ts';

export const handler = readEndpoint(schedulesRoutes.occurrences, (r) => listOccurrences(occurrenceReads, r.params.companyId, r.params.id, r.query));
