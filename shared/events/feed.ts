import type { Page } from '../schemas/list-query.ts';
import { eventView, type EventView } from './event-view.ts';
import type { ListEventsInput } from './schemas.ts';
import { numberPending } from './numbering-rules.ts';
import type { EventFeedReads } from './store.ts';

export type { EventView };

/**
 * The company's events in sequence order, each as a reader holding `granted` may see it
 * (event-view.ts). Pending events are numbered first, so a reader sees every change committed
 * before its request; a reader resuming with `after` (the last sequence it saw) or a cursor sees
 * each later event exactly once. Errors: ValidationError (InvalidCursor).
 */
export async function listEvents(events: EventFeedReads, companyId: string, granted: readonly string[], query: ListEventsInput): Promise<Page<EventView>> {
  await numberPending(events, companyId);
  const page = await events.page(companyId, { after: query.after, types: query.type, dateFrom: query.dateFrom, dateTo: query.dateTo }, query.pageSize, query.page);
  return { ...page, results: page.results.map((e) => eventView(e, granted)) };
}
