import { eventsPage, type SequencedEvent } from '../db/event-store.ts';
import type { Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { ListEventsInput } from './schemas.ts';
import { sequenceEvents } from './sequencer.ts';

export type EventView = ResponseOf<'EventResponse'>;

const view = (e: SequencedEvent): EventView => ({
  id: e.eventId,
  sequence: e.sequence,
  type: e.type,
  companyId: e.companyId,
  recordId: e.recordId,
  version: e.version,
  actor: e.actor,
  occurredAt: e.occurredAt,
  data: e.data,
  dataOmitted: e.dataOmitted,
});

/**
 * The company's events in sequence order. Pending events are numbered first, so a reader sees
 * every change committed before its request; a reader resuming with `after` (the last sequence
 * it saw) or a cursor sees each later event exactly once.
 */
export async function listEvents(companyId: string, query: ListEventsInput): Promise<Page<EventView>> {
  await sequenceEvents(companyId);
  const page = await eventsPage(companyId, { after: query.after, types: query.type, dateFrom: query.dateFrom, dateTo: query.dateTo }, query.pageSize, query.page);
  return { ...page, results: page.results.map(view) };
}
