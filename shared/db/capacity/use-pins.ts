import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { triedPin } from './busy-records.ts';
import { PIN_MS, RENEW_BEFORE_MS } from './pin-rules.ts';
import { db } from '../table/client.ts';
import { type Key } from '../table/keys.ts';
import * as keys from '../table/keys.ts';
import { widenPendingReads } from '../events/pending-width-store.ts';
import type { NodeRecord } from '../../tree/records.ts';
import type { NodeKindRef } from '../stores/nodes/node-writes.ts';
import type { Expr } from '../table/table-ops.ts';
import { guardFree } from '../table/write-guard.ts';
import type { PeriodRecord, YearRecord } from '../../financial-years/records.ts';

/**
 * Use pins (pin-rules.ts) on a busy account's item, a busy year's item or a busy period's entry
 * in it: taken by a function instance that saw drafts (postings, for a period) conflict on the
 * record's guards, renewed while they keep naming it, never shortened. Every write that needs
 * the record unused (an account's delete or currency change; a year's Close, re-dating or
 * delete) holds it (write-guard.ts), which refuses while a pin lives; a period's Lock and Close
 * require no live pin on it (year-store.ts periodStatusOps).
 */

/** Where a pin is kept on its item: the attribute's path, its names. */
interface PinAt {
  path: string;
  names?: Record<string, string>;
}
const ITEM_PIN: PinAt = { path: 'pinnedUntil' };

/**
 * Takes or renews the item's pin (and `along` it, to the same end, only lengthened): only on the
 * record as read (its version, and `also`), when no write that needs it unused holds it (its
 * guard), and only to lengthen it; a year's pin (`widens` its company) only once the company's
 * pending reads are widened to its end. Refused or failed, it leaves things as they were: the pin
 * only spares later writers a check.
 */
async function pinItem(key: Key, busyId: string, version: number, pin: PinAt, options: { also?: Expr; along?: PinAt; widens?: string } = {}): Promise<void> {
  const { also, along, widens } = options;
  const now = Date.now();
  triedPin(busyId, now);
  const until = now + PIN_MS;
  // A year's pin lets writes spread their events (events/pending-width.ts): the company's readers read every shard before it can.
  if (widens !== undefined && !(await widenPendingReads(widens, until).then(() => true, () => false))) return;
  const free = guardFree();
  const lengthened = (at: PinAt, below: string) => `(attribute_not_exists(${at.path}) OR ${at.path} < ${below})`;
  const names = { ...pin.names, ...along?.names, ...also?.names };
  await db()
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: `SET ${pin.path} = :until${along ? `, ${along.path} = :until` : ''}`,
        ConditionExpression: [
          'attribute_exists(pk) AND version = :version',
          `(${free.expression})`,
          lengthened(pin, ':renewBelow'),
          ...(along ? [lengthened(along, ':until')] : []),
          ...(also ? [`(${also.expression})`] : []),
        ].join(' AND '),
        ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
        ExpressionAttributeValues: { ':until': until, ':version': version, ':renewBelow': now + RENEW_BEFORE_MS, ...free.values, ...also?.values },
      }),
    )
    .catch(() => undefined);
}

export const pinNode = (ref: NodeKindRef, companyId: string, node: NodeRecord) => pinItem(keys.node(ref.kind, companyId, node.id), node.id, node.version, ITEM_PIN);

const yearOpen: Expr = { expression: '#pinStatus = :pinOpen', names: { '#pinStatus': 'status' }, values: { ':pinOpen': 'open' } };

/** A year is pinned only while open: a closed one takes no drafts. */
export const pinYear = (companyId: string, year: YearRecord) => pinItem(keys.year(companyId, year.id), year.id, year.version, ITEM_PIN, { also: yearOpen, widens: companyId });

/**
 * A busy period's pin, on its entry in the year's item, only while the year and the period are
 * open (as read: the year's version). The year's own pin is lengthened to the same end: every
 * write of the year that needs it taking nothing (its Close, re-dating, delete) already refuses
 * while that lives, and a whole put of the year, conditional on the year's pin as read, cannot
 * cut a period's pin back.
 */
export const pinPeriod = (companyId: string, year: YearRecord, period: PeriodRecord) =>
  pinItem(keys.year(companyId, year.id), period.id, year.version, { path: 'periods.#pinPeriod.pinnedUntil', names: { '#pinPeriod': period.id } }, {
    along: ITEM_PIN,
    widens: companyId,
    also: { expression: `${yearOpen.expression} AND periods.#pinPeriod.#pinStatus = :pinOpen`, names: yearOpen.names, values: yearOpen.values },
  });
