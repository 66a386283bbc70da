import { ListEventsQuery } from '../events/schemas.ts';
import { route, company } from './route.ts';

/**
 * The events rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as eventsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const list = /* @__PURE__ */ route('events.list', () => ({ methods: ['GET'], path: `${company}/Events`, handler: 'functions/events/list.ts', access: 'events:read', query: ListEventsQuery, response: { page: 'EventResponse' }, summary: 'The company\'s events in commit order: every committed change, each once (resume with `after`, the last sequence seen)', tag: 'Events' }));

/** Every events row by action, for the route table. */
export const eventsRoutes = { list };
