import type { EventRecord } from '../../events/event-record.ts';
import type { PendingEvent } from '../../events/records.ts';
import * as keys from '../table/keys.ts';
import { storedEventData } from './event-data.ts';
import { conditions, mainTable, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * The outbox (event-store.ts, step 1): a write's event as a pending item in the write's own
 * transaction. Apart from the events' sequencing and reads (event-store.ts), which a write does
 * not run, so a writing function loads only this and how the data is kept (event-data.ts).
 */

/** Events are kept this long after they occur (the feed's promise is 30 days): their expiry is the table's time to live. */
export const EVENT_RETENTION_DAYS = 35;

const purgeAt = (occurredAt: string) => Math.floor(Date.parse(occurredAt) / 1000) + EVENT_RETENTION_DAYS * 86_400;

/** An event's attributes as stored: the record fields, the data (event-data.ts), and when it expires (a numbered event leaves the omitted state to the history). */
export function eventAttributes(event: EventRecord | PendingEvent): Item {
  const { data, pendingKey: _key, ...fields } = event as PendingEvent;
  return { ...fields, ...storedEventData(data), purgeAt: purgeAt(fields.occurredAt) };
}

/**
 * The outbox item of a write's event (in the write's own transaction), keyed by when it occurred:
 * the instant the transaction is sent; `spread` under a key of its own (events/pending-width.ts).
 */
export function pendingEventOp(event: EventRecord, spread = false): WriteOp {
  return mainTable.put({ ...keys.pendingEvent(event.companyId, event.occurredAt, event.eventId, spread), entity: 'PendingEvent', ...eventAttributes(event) }, { condition: conditions.absent });
}
