import { occurrencePreviewing } from '../../shared/db/stores/schedule-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as schedulesRoutes from '../../shared/routes/schedules.ts';
import { previewOccurrences } from '../../shared/schedules/occurrences.ts';

export const handler = readEndpoint(schedulesRoutes.preview, (r) => previewOccurrences(occurrencePreviewing, r.params.companyId, r.params.id, r.query));
