import { gunzipSync } from 'node:zlib';
import type { SequencedEvent } from '../events/event-record.ts';
import type { JournalRecord } from '../journals/records.ts';
import { BOOK_CHANGE_TYPES, changesOfEvent, journalsNamedBy, PERIOD_STATE_OF, type BookChange, type JournalAnswer, type PostedLines } from './book-changes.ts';
import { AUDITED_KIND_OF } from './record-state.ts';
import type { BookChangeRecording } from './recording-store.ts';
import type { Change } from '../unit-of-work.ts';
import { matchChangeOf } from '../reconciliation/match-changes.ts';

/** The event's data, or the state it left out for its size (kept compressed on the pending event for the history). */
const dataOf = (event: SequencedEvent): Record<string, unknown> | null =>
  event.data ?? (event.omittedState ? (JSON.parse(gunzipSync(event.omittedState).toString('utf8')) as Record<string, unknown>) : null);

const hasPosting = (j: JournalRecord): j is JournalRecord & PostedLines => (j.status === 'posted' || j.status === 'reversed' || j.status === 'voided') && typeof j.postingDate === 'string';

/**
 * The book changes, period states and bank match changes a batch of numbered events records
 * (audit/book-changes.ts, reconciliation/match-changes.ts), as items written with each event (by
 * its sequence number), and the book changes themselves (oldest first). Reads what the events'
 * data does not say: the base currency (which lines are foreign), the journals a
 * reversal or revaluation posted and whether a journal closes a year (both fixed once written),
 * and for an Adjust the posting the journal had (its last state before: earlier in the batch, or
 * its history).
 */
export async function bookChangeOps(books: BookChangeRecording, companyId: string, events: readonly SequencedEvent[]): Promise<{ ops: Map<number, Change[]>; changes: BookChange[] }> {
  const ops = new Map<number, Change[]>();
  const add = (sequence: number, op: Change) => ops.set(sequence, [...(ops.get(sequence) ?? []), op]);
  const changes: BookChange[] = [];
  for (const event of events) {
    const state = PERIOD_STATE_OF[event.type];
    if (state) add(event.sequence, books.periodStateChange(companyId, { periodId: event.recordId, state, occurredAt: event.occurredAt, sequence: event.sequence }));
    const match = matchChangeOf(event, event.data);
    if (match) add(event.sequence, books.matchChange(match));
  }
  const moving = events.filter((e) => BOOK_CHANGE_TYPES[e.type]).map((e) => ({ ...e, data: dataOf(e) }));
  if (moving.length === 0) return { ops, changes };

  const ids = [...new Set(moving.flatMap(journalsNamedBy))];
  const [settings, records] = await Promise.all([books.settings(companyId), books.getJournals(companyId, ids)]);
  const byId = new Map(records.map((r) => [r.id, r]));
  const closingIds = new Set(records.filter((r) => r.closingOf).map((r) => r.id));
  for (const r of records) if (r.reversalOf && byId.get(r.reversalOf)?.closingOf) closingIds.add(r.id);
  for (const e of moving) {
    const reversal = e.type === 'JournalReversed' ? (e.data as { reversedBy?: unknown } | null)?.reversedBy : undefined;
    if (typeof reversal === 'string' && closingIds.has(e.recordId)) closingIds.add(reversal);
  }
  const journals = new Map(records.filter(hasPosting).map((r) => [r.id, r]));
  const baseCurrency = settings?.baseCurrency ?? '';

  // Each journal's latest state within the batch, for an Adjust numbered with the Post before it.
  const latest = new Map<string, JournalAnswer>();
  const movingData = new Map(moving.map((m) => [m.eventId, m.data]));
  for (const event of events) {
    const data = BOOK_CHANGE_TYPES[event.type] ? (movingData.get(event.eventId) ?? null) : event.data;
    if (BOOK_CHANGE_TYPES[event.type]) {
      const before =
        event.type === 'JournalAdjusted' ? (latest.get(event.recordId) ?? ((await books.stateBefore(companyId, 'journal', event.recordId, event.version)) as JournalAnswer | null | undefined) ?? undefined) : undefined;
      changesOfEvent({ ...event, data }, { baseCurrency, before, journals, closingIds }).forEach((change, i) => {
        add(event.sequence, books.bookChangeChange(companyId, change, i));
        changes.push(change);
      });
    }
    if (AUDITED_KIND_OF[event.type] === 'journal' && data) latest.set(event.recordId, data as unknown as JournalAnswer);
  }
  return { ops, changes };
}
