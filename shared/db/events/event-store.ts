import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { EventRecord, SequencedEvent } from '../../events/event-record.ts';
import type { EventHead } from '../../events/numbering.ts';
import type { PendingRead } from '../../events/pending-order.ts';
import type { ClaimMark, PendingEvent } from '../../events/records.ts';
import { batchGetItems } from '../table/batch-get.ts';
import { db } from '../table/client.ts';
import { decodeCursor, encodeCursor, type CursorBinding } from '../table/cursor.ts';
import { type Key } from '../table/keys.ts';
import * as keys from '../table/keys.ts';
import { firstOfEach, onlyAttributes, prefixRange, withPrefix, withRange } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import { eventDataOf } from './event-data.ts';
import { eventAttributes } from './outbox-store.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * Events, in two steps (docs/decisions.md, "Events"):
 * 1. the outbox (outbox-store.ts): a business write puts its event as a pending item in its own
 *    transaction, keyed by the instant the transaction was sent, so an event exists if and only
 *    if its change committed;
 * 2. sequencing: pending events get the company's next sequence numbers from a counter, oldest
 *    first, in one transaction conditional on the counter (any number of sequencers, each event
 *    numbered once).
 * The feed lists sequenced events by number, so a reader resuming after number N sees every
 * later event exactly once, and an event never comes before one that committed before its own
 * transaction was sent (so each record's events come in version order).
 *
 * An event's data is kept as the response it copies, deflated (event-data.ts).
 */
export type { SequencedEvent };

/** Sequence numbers a range reads by key at most (one batch get); a longer range is one query per partition key, side by side. */
const BY_KEY = 100;

const FIELDS = ['eventId', 'type', 'companyId', 'recordId', 'version', 'actor', 'occurredAt', 'requestId', 'dataOmitted', 'recordDigest', 'omittedState', 'sequence', 'previousHash', 'hash'] as const;

/** Fields events written before they existed lack: null. */
const LATER_FIELDS = { requestId: null, recordDigest: null, previousHash: null, hash: null };

function eventFromItem(item: Item): SequencedEvent {
  return { ...LATER_FIELDS, ...recordOf<Omit<SequencedEvent, 'data'>>(item, FIELDS), data: eventDataOf(item) as EventRecord['data'] };
}

/**
 * What each of the given partitions holds pending, oldest first, `limit` at most each, read at
 * once (strongly consistent: every committed one is seen); `cut` where a read stopped with more
 * to come (events/pending-order.ts).
 */
async function pendingUnder(partitions: readonly string[], limit: number): Promise<Array<PendingRead<PendingEvent>>> {
  return Promise.all(
    partitions.map(async (partition) => {
      const { Items, LastEvaluatedKey } = await db().send(new QueryCommand({ TableName: config.tableName, ...withPrefix(partition, keys.pendingEventPrefix), ConsistentRead: true, Limit: limit }));
      return { events: (Items ?? []).map((item) => ({ ...eventFromItem(item), pendingKey: { pk: String(item.pk), sk: String(item.sk) } })), cut: LastEvaluatedKey !== undefined };
    }),
  );
}

/** What the company's own key holds pending (every event of a quiet company: events/pending-width.ts). */
export const pendingAtHome = (companyId: string, limit: number) => pendingUnder([keys.pendingEventHome(companyId)], limit);

/** What each of the company's shards holds pending (a busy company's events). */
export const pendingInShards = (companyId: string, limit: number) => pendingUnder(keys.pendingEventShards(companyId), limit);

/** What the company's own key and each of its shards hold pending, wherever its events may be (events/pending-order.ts tells the oldest). */
export const pendingEverywhere = (companyId: string, limit: number) => pendingUnder([keys.pendingEventHome(companyId), ...keys.pendingEventShards(companyId)], limit);

/** The pending items still there of those named (a numbering claim's: db/events/claim-fill.ts), by their key. */
export async function pendingByKey(pendingKeys: Key[]): Promise<Map<string, PendingEvent>> {
  const items = await batchGetItems(pendingKeys, { consistent: true });
  return new Map(items.map((item) => [`${item.pk} ${item.sk}`, { ...eventFromItem(item), pendingKey: { pk: String(item.pk), sk: String(item.sk) } }]));
}

/** How many of the events numbered `from` to `to` are written (strongly consistent; a claim's range: db/events/claim-fill.ts). */
export async function eventsWritten(companyId: string, from: number, to: number): Promise<number> {
  return (await batchGetItems(eventKeys(companyId, from, to), { consistent: true, attributes: ['sequence'] })).length;
}

/** The keys of the events numbered `from` to `to`. */
const eventKeys = (companyId: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => keys.event(companyId, from + i));

/** A numbered event, or undefined once it has expired. */
export async function getEvent(companyId: string, sequence: number): Promise<SequencedEvent | undefined> {
  const item = await getItem(keys.event(companyId, sequence), { consistent: true });
  return item && eventFromItem(item);
}

/** What eventFromItem reads of a numbered event (not its keys, entity or expiry: a tenth less to send for the audit's 100,000). */
const EVENT_ATTRIBUTE_NAMES = [...FIELDS, 'dataZ', 'dataJson', 'data'];
const EVENT_ATTRIBUTES = onlyAttributes(EVENT_ATTRIBUTE_NAMES);

/**
 * The events numbered `from` to `to` that are still kept, in order (strongly consistent; callers
 * keep ranges to a page, 1,000 or so). A short range is read by key; a long one from each of the
 * partition keys events are spread over (keys.eventPartitions), merged.
 */
export async function eventsBetween(companyId: string, from: number, to: number): Promise<SequencedEvent[]> {
  if (to < from) return [];
  const items: Item[] = [];
  if (to - from < BY_KEY) {
    items.push(...(await batchGetItems(eventKeys(companyId, from, to), { consistent: true, attributes: EVENT_ATTRIBUTE_NAMES })));
  } else {
    const bounds = { from: keys.event(companyId, from).sk, to: keys.event(companyId, to).sk };
    await Promise.all(
      keys.eventPartitions(companyId).map(async (pk) => {
        for await (const item of queryAll({ TableName: config.tableName, ...withRange(pk, bounds), ...EVENT_ATTRIBUTES, ConsistentRead: true })) items.push(item);
      }),
    );
  }
  return items.map(eventFromItem).sort((a, b) => a.sequence - b.sequence);
}

/** The number of the oldest event still kept (older ones expired), or undefined when none is: the lowest first of the keys events are spread over. */
export async function oldestKeptSequence(companyId: string): Promise<number | undefined> {
  const firsts = await firstOfEach(keys.eventPartitions(companyId), prefixRange(keys.eventPrefix), { attributes: ['sequence'] });
  return firsts.length > 0 ? Math.min(...firsts.map((item) => item.sequence as number)) : undefined;
}

/** The number of the first event still kept at or after `from` (the archive job's next, past events gone before it archived them), or undefined. */
export async function firstKeptFrom(companyId: string, from: number): Promise<number | undefined> {
  const firsts = await firstOfEach(keys.eventPartitions(companyId), { from: keys.event(companyId, from).sk, to: prefixRange(keys.eventPrefix).to }, { attributes: ['sequence'] });
  return firsts.length > 0 ? Math.min(...firsts.map((item) => item.sequence as number)) : undefined;
}

/**
 * Where the company's feed stands: the next number (1 for the first event), below which every
 * event is written, and the chain's last hash; how many journals the numbered events gave an
 * entry number (`entries`, audit/entry-numbers.ts; moved with `next`, a claim's at once); and the
 * numbering claim being written, if any (db/events/numbering-claim-store.ts: its numbers are
 * above the head until it is advanced).
 */
export async function eventHead(companyId: string): Promise<EventHead & { entries: number; filling?: ClaimMark }> {
  const item = await getItem(keys.eventSequence(companyId), { consistent: true });
  const mark = item?.filling as ClaimMark | undefined;
  const filling = mark && { from: Number(mark.from), to: Number(mark.to), at: Number(mark.at) };
  const next = typeof item?.next === 'number' ? item.next : (filling?.from ?? 1);
  const hash = typeof item?.headHash === 'string' ? item.headHash : null;
  const entries = typeof item?.journalEntries === 'number' ? item.journalEntries : 0;
  return filling ? { next, hash, entries, filling } : { next, hash, entries };
}

/** Another sequencer numbered events first: read again. */
export class SequenceMoved extends AppError {
  constructor() {
    super(409, [{ name: 'generalErrors', reason: 'Events were sequenced meanwhile.', code: 'Conflict' }]);
  }
}

/**
 * Numbered events (events/numbering.ts) in place of their pending items: each pending item goes
 * only if still there, each event is written only if its number is still free (SequenceMoved:
 * another sequencer wrote it).
 */
export function numberedEventOps(companyId: string, events: ReadonlyArray<PendingEvent & SequencedEvent>): WriteOp[] {
  const moved = () => new SequenceMoved();
  return events.flatMap((event) => [
    mainTable.delete(event.pendingKey, { condition: conditions.present, onConditionFailed: moved }),
    mainTable.put({ ...keys.event(companyId, event.sequence), entity: 'Event', ...eventAttributes({ ...event, omittedState: undefined }) }, { condition: conditions.absent, onConditionFailed: moved }),
  ]);
}

export interface EventFilter {
  /** Only events numbered above this (a consumer's last seen sequence). */
  after: number;
  types: readonly string[];
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** Sequence numbers read per page at most, matching or not (filters never make a page unbounded). */
const MAX_ITEMS_READ = 1000;

/**
 * Whether an event passes a feed's filters (dates are days: dateTo runs to its end). Applied to
 * events read by key (a batch get takes no filter expression): the read units are the same as a
 * filtered query's, and the read budget bounds what a sparse filter transfers.
 */
const matchesFilter = (event: SequencedEvent, filter: EventFilter): boolean =>
  (filter.types.length === 0 || filter.types.includes(event.type)) &&
  (!filter.dateFrom || event.occurredAt >= filter.dateFrom) &&
  (!filter.dateTo || event.occurredAt <= `${filter.dateTo}T\u{10FFFF}`);

/**
 * A page of sequenced events in number order, read by number up to the counter's head (numbers
 * are dense, so a page is one or two reads by key; a run of expired numbers is skipped once). The
 * cursor holds the last number read, so a page that stopped at the read budget still continues
 * where it stopped.
 */
export async function eventsPage(companyId: string, filter: EventFilter, pageSize: number, page: string | undefined) {
  const binding: CursorBinding = { companyId, endpoint: 'events.list', orderBy: 'Sequence', orderAsc: true, filters: { ...filter } };
  const from = page ? Number((await decodeCursor(binding, page)).sequence) : filter.after;
  const head = (await eventHead(companyId)).next;
  // One more than the page, to know whether another follows.
  const found: SequencedEvent[] = [];
  let next = from + 1;
  let read = 0;
  let skippedExpired = false;
  while (found.length <= pageSize && read < MAX_ITEMS_READ && next < head) {
    const last = Math.min(head - 1, next + Math.min(BY_KEY, MAX_ITEMS_READ - read, pageSize + 1 - found.length + 20) - 1);
    const events = await eventsBetween(companyId, next, last);
    if (events.length === 0 && !skippedExpired) {
      // Nothing kept here: numbers before the oldest kept have expired (35 days), so go on from there.
      skippedExpired = true;
      const oldest = await oldestKeptSequence(companyId);
      if (oldest === undefined) {
        // Every event expired: nothing to show up to the head, and no page after this one.
        next = head;
        break;
      }
      if (oldest > next) {
        next = oldest;
        continue;
      }
    }
    read += last - next + 1;
    found.push(...events.filter((event) => matchesFilter(event, filter)));
    next = last + 1;
  }

  const results = found.slice(0, pageSize);
  // Where the next page starts: after the last event shown, or after the last number read when
  // the read budget ran out first.
  const resumeAfter = found.length > pageSize ? results.at(-1)!.sequence : next < head ? next - 1 : undefined;
  return { currentPage: page ?? null, results, nextPage: resumeAfter === undefined ? null : await encodeCursor(binding, { sequence: resumeAfter }) };
}
