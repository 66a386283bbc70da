import { config } from '../../config.ts';
import { bulkWrite } from '../table/batch-write.ts';
import * as keys from '../table/keys.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import type { Item } from '../table/table-ops.ts';

/** Where journal items were kept before layout 9: the company's own partition key. */
export const journalPartitionBeforeLayout9 = (companyId: string) => keys.company(companyId).pk;

/**
 * Layout 9: journal items under partition keys of their own (keys.journalPartitions). Moves the
 * items kept under the company's key: each is written under its new key unless already there (a
 * crash after its write), then the old item deleted, so a crash between leaves it to move again,
 * never lost.
 */
export async function moveJournals(companyId: string): Promise<void> {
  const old: Item[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(journalPartitionBeforeLayout9(companyId), keys.journalsPrefix()), ConsistentRead: true })) old.push(item);
  if (old.length === 0) return;
  const moved = new Set<string>();
  for (const pk of keys.journalPartitions(companyId)) {
    for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(pk, keys.journalsPrefix()), ConsistentRead: true, ProjectionExpression: 'sk' })) moved.add(item.sk as string);
  }
  await bulkWrite(old.filter((item) => !moved.has(item.sk as string)).map((item) => ({ put: { ...item, ...keys.journal(companyId, item.id as string) } })));
  await bulkWrite(old.map((item) => ({ delete: { pk: item.pk as string, sk: item.sk as string } })));
}
