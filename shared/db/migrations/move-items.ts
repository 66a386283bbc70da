import { config } from '../../config.ts';
import { bulkWrite, type BulkRequest } from '../table/batch-write.ts';
import type { Key } from '../table/keys.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import type { Item } from '../table/table-ops.ts';

/** Items moved a step: written, then deleted, before the next are read. */
const STEP = 1000;

/**
 * Moves the items under partition key `from` whose sort keys start with `prefix` to the keys
 * `to` gives them, a step at a time: each is written under its new key first, then deleted, so
 * a crash between leaves it to move again, never lost. Only for items nothing changes once
 * written (a second write of one is the same item). Returns how many moved.
 */
export async function moveItems(from: string, prefix: string, to: (item: Item) => Key): Promise<number> {
  let moved = 0;
  const step: Item[] = [];
  const flush = async () => {
    await bulkWrite(step.map((item): BulkRequest => ({ put: { ...item, ...to(item) } })));
    await bulkWrite(step.map((item): BulkRequest => ({ delete: { pk: item.pk as string, sk: item.sk as string } })));
    moved += step.length;
    step.length = 0;
  };
  for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(from, prefix), ConsistentRead: true })) {
    step.push(item);
    if (step.length === STEP) await flush();
  }
  await flush();
  return moved;
}
