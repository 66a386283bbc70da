import type { ResponseOf } from '../schemas/responses.ts';
import { mayReadEventData } from './event-access.ts';
import type { SequencedEvent } from './event-record.ts';

/** An event as the feed shows it and a webhook delivers it (one shape for both). */
export type EventView = ResponseOf<'EventResponse'>;

/**
 * The event as a reader holding `granted` may see it (pure). An event whose record the reader
 * may not read keeps its envelope, so the sequence stays gap-free, with its data withheld:
 * `data: null, recordDigest: null, dataOmitted: true, dataOmittedReason: 'permission'`. Data
 * left out for its size says `'size'` (read the record by its id instead).
 */
export function eventView(e: SequencedEvent, granted: readonly string[]): EventView {
  return viewOf(e, mayReadEventData(e.type, granted));
}

/**
 * What the chain hashes (audit/chain.ts): the event as a reader allowed to read every record
 * sees it, without its `hash`.
 */
export function chainedView(e: Omit<SequencedEvent, 'hash'>): Omit<EventView, 'hash'> {
  const { hash: _hash, ...chained } = viewOf({ ...e, hash: null }, true);
  return chained;
}

function viewOf(e: SequencedEvent, permitted: boolean): EventView {
  return {
    id: e.eventId,
    sequence: e.sequence,
    type: e.type,
    companyId: e.companyId,
    recordId: e.recordId,
    version: e.version,
    actor: e.actor,
    occurredAt: e.occurredAt,
    requestId: e.requestId,
    data: permitted ? e.data : null,
    dataOmitted: !permitted || e.dataOmitted,
    dataOmittedReason: !permitted ? 'permission' : e.dataOmitted ? 'size' : null,
    recordDigest: permitted ? e.recordDigest : null,
    previousHash: e.previousHash,
    hash: e.hash,
  };
}
