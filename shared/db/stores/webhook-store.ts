import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { AppError, NotFound, VersionConflict } from '../../errors.ts';
import { db } from '../table/client.ts';
import { cappedCountOp } from './company-counts.ts';
import { decodeCursor, encodeCursor, type CursorBinding } from '../table/cursor.ts';
import * as keys from '../table/keys.ts';
import { withPrefix, withRange } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import { inChunks, type WriteOp } from '../table/transact.ts';
import type { DeliveryRecord, WebhookRecord } from '../../webhooks/records.ts';

/**
 * Webhook subscriptions and their deliveries. A subscription remembers the last event
 * sequence it has deliveries for (`fannedOut`), moved in the same transaction that creates them,
 * so each event gets one delivery per subscription whoever dispatches. A delivery waiting for
 * an attempt sits in a sparse index of due deliveries (gsi1), ordered by when it is due.
 */

const WEBHOOK_FIELDS = ['companyId', 'webhookId', 'url', 'eventTypes', 'description', 'active', 'status', 'failingSince', 'sealedSecret', 'deliversAs', 'fannedOut', 'version', 'createdAt', 'updatedAt'] as const;
const DELIVERY_FIELDS = ['companyId', 'webhookId', 'eventId', 'sequence', 'type', 'status', 'attempts', 'firstAttemptAt', 'nextAttemptAt', 'lastAttemptAt', 'lastStatusCode', 'lastError', 'deliveredAt', 'leaseUntil', 'createdAt'] as const;
const webhookFromItem = (item: Item) => recordOf<WebhookRecord>(item, WEBHOOK_FIELDS);
const deliveryFromItem = (item: Item) => recordOf<DeliveryRecord>(item, DELIVERY_FIELDS);

const webhookItem = (w: WebhookRecord): Item => ({ ...keys.webhook(w.companyId, w.webhookId), entity: 'Webhook', ...w });

export async function getWebhook(companyId: string, webhookId: string): Promise<WebhookRecord | undefined> {
  const item = await getItem(keys.webhook(companyId, webhookId), { consistent: true });
  return item && webhookFromItem(item);
}

/** Every subscription of a company (bounded: the company item caps their number). */
export async function listWebhooks(companyId: string): Promise<WebhookRecord[]> {
  const found: WebhookRecord[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(keys.company(companyId).pk, keys.webhookPrefix), ConsistentRead: true })) found.push(webhookFromItem(item));
  return found;
}

const webhookCountOp = (companyId: string, delta: 1 | -1, max: number) => cappedCountOp(companyId, 'webhookCount', delta, { max, code: 'TooManyWebhooks', what: 'webhook subscriptions', wayOut: 'delete one it no longer needs first' });

export function createWebhookOps(webhook: WebhookRecord, max: number): WriteOp[] {
  return [mainTable.put(webhookItem(webhook), { condition: conditions.absent }), webhookCountOp(webhook.companyId, 1, max)];
}

/** Changes what the subscriber set (url, types, description, active, and so whose reads it delivers) at its version; dispatch state is left alone. */
export function updateWebhookOp(before: WebhookRecord, after: WebhookRecord): WriteOp {
  return mainTable.update(
    keys.webhook(after.companyId, after.webhookId),
    {
      expression: 'SET #url = :url, eventTypes = :types, #description = :description, active = :active, deliversAs = :deliversAs, version = :next, updatedAt = :now',
      names: { '#url': 'url', '#description': 'description' },
      values: { ':url': after.url, ':types': after.eventTypes, ':description': after.description, ':active': after.active, ':deliversAs': after.deliversAs ?? null, ':next': after.version, ':now': after.updatedAt },
    },
    { condition: conditions.atVersion(before.version), onConditionFailed: () => new VersionConflict() },
  );
}

export function deleteWebhookOps(webhook: WebhookRecord): WriteOp[] {
  return [
    mainTable.delete(keys.webhook(webhook.companyId, webhook.webhookId), { condition: conditions.atVersion(webhook.version), onConditionFailed: () => new VersionConflict() }),
    webhookCountOp(webhook.companyId, -1, 0),
  ];
}

/** New deliveries for events up to `upTo`, and the subscription's mark moved there (if no one moved it first). */
/** Another dispatcher fanned these events out first. */
export class FanOutMoved extends AppError {
  constructor() {
    super(409, [{ name: 'generalErrors', reason: 'Deliveries were created meanwhile.', code: 'Conflict' }]);
  }
}

export function fanOutOps(webhook: WebhookRecord, deliveries: readonly DeliveryRecord[], upTo: number): WriteOp[] {
  return [
    mainTable.update(
      keys.webhook(webhook.companyId, webhook.webhookId),
      { expression: 'SET fannedOut = :upTo', values: { ':upTo': upTo } },
      { condition: { expression: 'fannedOut = :from', values: { ':from': webhook.fannedOut } }, onConditionFailed: () => new FanOutMoved() },
    ),
    ...deliveries.map((d) => mainTable.put(deliveryItem(d), { condition: conditions.absent, onConditionFailed: () => new FanOutMoved() })),
  ];
}

function deliveryItem(d: DeliveryRecord): Item {
  return {
    ...keys.delivery(d.companyId, d.webhookId, d.sequence),
    ...(d.status === 'pending' && d.nextAttemptAt ? keys.dueDelivery(d.nextAttemptAt, d.companyId, d.webhookId, d.sequence) : {}),
    entity: 'Delivery',
    ...d,
    purgeAt: Math.floor(Date.parse(d.createdAt) / 1000) + 35 * 86_400,
  };
}

/** Holds a pending delivery until `until`, if no one holds it and it is still at its attempt count. */
export function leaseDeliveryOp(d: DeliveryRecord, until: number, now: number): WriteOp {
  return mainTable.update(
    keys.delivery(d.companyId, d.webhookId, d.sequence),
    { expression: 'SET leaseUntil = :until', values: { ':until': until } },
    {
      condition: {
        expression: '#status = :pending AND attempts = :attempts AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
        names: { '#status': 'status' },
        values: { ':pending': 'pending', ':attempts': d.attempts, ':now': now },
      },
    },
  );
}

/** Writes a delivery's new state if it is still held by `leaseUntil` (the sender's lease). */
export function recordAttemptOp(d: DeliveryRecord, heldUntil: number): WriteOp {
  return mainTable.put(deliveryItem(d), { condition: { expression: 'leaseUntil = :lease', values: { ':lease': heldUntil } }, onConditionFailed: () => new NotFound('The delivery lease') });
}

/** Key values of the due index read at once by the sweep. */
const DUE_QUERY_CONCURRENCY = 8;

/** The oldest `limit` deliveries due by `now` under one key value of the due index, oldest first. */
async function dueUnder(partition: string, now: string, limit: number): Promise<Item[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':pk': partition, ':now': `${now}\u{10FFFF}` },
      Limit: limit,
    }),
  );
  return Items ?? [];
}

/**
 * Deliveries due by `now`, oldest due first, across companies (the retry sweep): the oldest
 * `limit` of every key value the due index is spread over (and of the key written before the
 * spread), merged by due time, the oldest `limit` of them all. So the same deliveries, in the
 * same order, as one key would give; a run reads at most (values + 1) x `limit` items.
 */
export async function dueDeliveries(now: string, limit: number): Promise<DeliveryRecord[]> {
  const partitions = [...keys.dueDeliveriesPartitions(), keys.dueDeliveriesBeforeSpread];
  const found: Item[] = [];
  for (const batch of inChunks(partitions, DUE_QUERY_CONCURRENCY)) found.push(...(await Promise.all(batch.map((partition) => dueUnder(partition, now, limit)))).flat());
  // Sort keys start with the due instant (ISO 8601 sorts as time), then company, subscription and sequence.
  found.sort((a, b) => (String(a.gsi1sk) < String(b.gsi1sk) ? -1 : String(a.gsi1sk) > String(b.gsi1sk) ? 1 : 0));
  return found.slice(0, limit).map(deliveryFromItem);
}

/** A subscription's deliveries, newest first, a page at a time. */
export async function deliveriesPage(companyId: string, webhookId: string, pageSize: number, page: string | undefined) {
  const binding: CursorBinding = { companyId, endpoint: 'webhooks.deliveries', orderBy: 'Sequence', orderAsc: false, filters: { webhookId } };
  const before = page ? Number((await decodeCursor(binding, page)).sequence) : Number.MAX_SAFE_INTEGER;
  const range = withRange(keys.company(companyId).pk, { from: keys.delivery(companyId, webhookId, 0).sk, to: keys.delivery(companyId, webhookId, before - 1).sk });
  const { Items } = await db().send(new QueryCommand({ TableName: config.tableName, ...range, ScanIndexForward: false, Limit: pageSize + 1 }));
  const found = (Items ?? []).map(deliveryFromItem);
  const results = found.slice(0, pageSize);
  return { currentPage: page ?? null, results, nextPage: found.length > pageSize ? await encodeCursor(binding, { sequence: results.at(-1)!.sequence }) : null };
}

/** The subscription's health after a delivery succeeded or finally failed. */
export function webhookHealthOp(companyId: string, webhookId: string, failing: boolean, now: string): WriteOp {
  return mainTable.update(
    keys.webhook(companyId, webhookId),
    failing
      ? { expression: 'SET #status = :failing, failingSince = if_not_exists(failingSince, :now)', names: { '#status': 'status' }, values: { ':failing': 'failing', ':now': now } }
      : { expression: 'SET #status = :healthy REMOVE failingSince', names: { '#status': 'status' }, values: { ':healthy': 'healthy' } },
    { condition: conditions.present },
  );
}
