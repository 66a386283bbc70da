import type { ResponseOf } from '../schemas/responses.ts';
import { mayReadEventData } from './event-access.ts';
import type { SequencedEvent } from './event-record.ts';

/** An event as the feed shows it and a webhook delivers it (one shape for both). */
export type EventView = ResponseOf<'EventResponse'>;

/**
 * The event as a reader holding `granted` may see it (pure). An event whose record the reader
 * may not read keeps its envelope, so the sequence stays gap-free, with its data withheld:
 * `data: null, dataOmitted: true, dataOmittedReason: 'permission'`. Data left out for its size
 * says `'size'` (read the record by its id instead).
 */
export function eventView(e: SequencedEvent, granted: readonly string[]): EventView {
  const permitted = mayReadEventData(e.type, granted);
  return {
    id: e.eventId,
    sequence: e.sequence,
    type: e.type,
    companyId: e.companyId,
    recordId: e.recordId,
    version: e.version,
    actor: e.actor,
    occurredAt: e.occurredAt,
    data: permitted ? e.data : null,
    dataOmitted: !permitted || e.dataOmitted,
    dataOmittedReason: !permitted ? 'permission' : e.dataOmitted ? 'size' : null,
  };
}
