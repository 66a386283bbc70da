import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { pinWanted, PIN_MS, RENEW_BEFORE_MS } from '../tree/use-pin.ts';
import { db } from './client.ts';
import { keys, type Key } from './keys.ts';
import type { NodeRecord } from './nodes/node-record.ts';
import type { NodeKindRef } from './nodes/node-writes.ts';
import type { Expr } from './table-ops.ts';
import { guardFree } from './write-guard.ts';
import type { YearRecord } from './year-store.ts';

/**
 * Use pins (tree/use-pin.ts) on a busy account's item or a busy year's item: taken by a function
 * instance that saw drafts conflict on the record's guards, renewed while drafts keep naming it,
 * never shortened. Every write that needs the record unused (an account's delete or currency
 * change; a year's Close, re-dating or delete) holds it (write-guard.ts), which refuses while a
 * pin lives.
 */

/** Records this instance saw a draft's check conflict on, and when it last tried to pin each. */
const busy = new Map<string, number>();
/** Bound on the instance's memory of busy records; past it, it starts over. */
const MAX_BUSY = 10_000;
/** An instance tries to take or renew one record's pin at most this often. */
const RETRY_MS = 10_000;

/** The record (an account's or a year's id) is busy: a draft's check of it was cancelled by another at once. */
export function markBusy(id: string): void {
  if (busy.size >= MAX_BUSY) busy.clear();
  if (!busy.has(id)) busy.set(id, 0);
}

/** Whether this instance should take or renew the record's pin now (it is busy, its pin wanted, not tried lately). */
export function wantsPin(record: { id: string; pinnedUntil?: number | undefined }, now = Date.now()): boolean {
  const tried = busy.get(record.id);
  return tried !== undefined && now - tried >= RETRY_MS && pinWanted(record.pinnedUntil, now);
}

/**
 * Takes or renews the item's pin: only on the record as read (its version, and `also`), when no
 * write that needs it unused holds it (its guard), and only to lengthen it. Refused or failed,
 * it leaves things as they were: the pin only spares later drafts a check.
 */
async function pinItem(key: Key, record: { id: string; version: number }, also?: Expr): Promise<void> {
  const now = Date.now();
  busy.set(record.id, now);
  const free = guardFree();
  await db()
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'SET pinnedUntil = :until',
        ConditionExpression: `attribute_exists(pk) AND version = :version AND (${free.expression}) AND (attribute_not_exists(pinnedUntil) OR pinnedUntil < :renewBelow)${also ? ` AND (${also.expression})` : ''}`,
        ExpressionAttributeNames: also?.names,
        ExpressionAttributeValues: { ':until': now + PIN_MS, ':version': record.version, ':renewBelow': now + RENEW_BEFORE_MS, ...free.values, ...also?.values },
      }),
    )
    .catch(() => undefined);
}

export const pinNode = (ref: NodeKindRef, companyId: string, node: NodeRecord) => pinItem(keys.node(ref.kind, companyId, node.id), node);

/** A year is pinned only while open: a closed one takes no drafts. */
export const pinYear = (companyId: string, year: YearRecord) =>
  pinItem(keys.year(companyId, year.id), year, { expression: '#pinStatus = :pinOpen', names: { '#pinStatus': 'status' }, values: { ':pinOpen': 'open' } });
