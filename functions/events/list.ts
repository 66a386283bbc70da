import { endpoint } from '../../shared/http/endpoint.ts';
import { listEvents } from '../../shared/events/feed.ts';
import * as eventsRoutes from '../../shared/routes/events.ts';

export const handler = endpoint(eventsRoutes.list, (r) => listEvents(r.params.companyId, r.permissions ?? [], r.query));
