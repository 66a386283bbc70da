import { ListEventsQuery } from '../events/schemas.ts';
import { area, company } from './route.ts';

/** The events rows of the route table (shared/routes.ts). */
export const eventsRoutes = area('events', {
  list: { methods: ['GET'], path: `${company}/Events`, handler: 'functions/events/list.ts', access: 'events:read', query: ListEventsQuery, response: { page: 'EventResponse' }, summary: 'The company\'s events in commit order: every committed change, each once (resume with `after`, the last sequence seen)', tag: 'Events' },
});
