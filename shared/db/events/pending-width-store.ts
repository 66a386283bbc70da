import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import * as keys from '../table/keys.ts';
import { conditions, getItem, mainTable } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * The company's pending width item (events/pending-width.ts): `wideUntil`, 0 while every pending
 * event is under the company's key; lengthened before any use pin a writer may spread its event
 * under; narrowed back by a sequencer once the shards are empty and the pins long over.
 */

/** The item a new company starts with: its events under its own key. */
export const newCompanyWidthOp = (companyId: string): WriteOp => mainTable.put({ ...keys.pendingWidth(companyId), entity: 'PendingWidth', wideUntil: 0 }, { condition: conditions.absent });

/** `wideUntil` as it is now (strongly consistent), or undefined when the company has no width item. */
export async function readWidth(companyId: string): Promise<number | undefined> {
  const item = await getItem(keys.pendingWidth(companyId), { consistent: true });
  return typeof item?.wideUntil === 'number' ? item.wideUntil : undefined;
}

const conditionFailed = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException';

/** Sets `wideUntil` when `condition` holds; a failed condition means another writer got there first, which leaves the item as wide or wider. */
async function setWidth(companyId: string, wideUntil: number, condition: string, values: Record<string, unknown> = {}): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.pendingWidth(companyId),
        UpdateExpression: 'SET entity = :entity, wideUntil = :until',
        ConditionExpression: condition,
        ExpressionAttributeValues: { ':entity': 'PendingWidth', ':until': wideUntil, ...values },
      }),
    )
    .catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
    });
}

/** Widens the reads to at least `until` (only ever lengthened), before a pin that ends then is taken. */
export const widenPendingReads = (companyId: string, until: number): Promise<void> => setWidth(companyId, until, 'attribute_not_exists(wideUntil) OR wideUntil < :until');

/** Narrows the reads, unless the item changed since it was read as `seen`. */
export const narrowPendingReads = (companyId: string, seen: number): Promise<void> => setWidth(companyId, 0, 'wideUntil = :seen', { ':seen': seen });

/** Starts the item of a company from before it, reading wide until `until`, unless another wrote it first. */
export const startWidth = (companyId: string, until: number): Promise<void> => setWidth(companyId, until, 'attribute_not_exists(wideUntil)');
