import { eventFeed } from '../../shared/db/stores/event-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import { listEvents } from '../../shared/events/feed.ts';
import * as eventsRoutes from '../../shared/routes/events.ts';

export const handler = readEndpoint(eventsRoutes.list, (r) => listEvents(eventFeed, r.params.companyId, r.permissions ?? [], r.query));
