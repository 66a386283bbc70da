import { PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import * as keys from '../table/keys.ts';
import { queryAll } from '../table/query-all.ts';
import { getItem } from '../table/table-ops.ts';

/**
 * Every company of the table, for the event archive job (audit/archive-events.ts): the gsi1
 * listing each company item carries since the archive (keys.companyListing, written with the
 * company), read key value by key value. Companies created before it carry none: one scan of the
 * table lists them, writing the listing onto each company item it finds, made once across runs
 * (how far it went is kept in an item) and given at most half of each run's time left.
 */
export async function* listedCompanies(until: number): AsyncGenerator<string> {
  await listEarlierCompanies(Date.now() + (until - Date.now()) / 2);
  for (const pk of keys.companyListingPartitions()) {
    const listing = { TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ProjectionExpression: 'id' };
    for await (const item of queryAll(listing)) yield item.id as string;
  }
}

/** Goes on with the scan listing the companies made before the listing, page by page, until it is done or `until` (ms since the epoch). */
export async function listEarlierCompanies(until: number): Promise<void> {
  const mark = await getItem(keys.companyListingBackfill(), { consistent: true });
  if (mark?.done === true) return;
  let startKey = typeof mark?.startKey === 'string' ? (JSON.parse(mark.startKey) as Record<string, unknown>) : undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: config.tableName,
        FilterExpression: 'entity = :company AND attribute_not_exists(gsi1pk)',
        ExpressionAttributeValues: { ':company': 'Company' },
        ProjectionExpression: 'id',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const { id } of page.Items ?? []) {
      const listing = keys.companyListing(id as string);
      await db().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.company(id as string),
          UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':pk': listing.gsi1pk, ':sk': listing.gsi1sk },
        }),
      );
    }
    startKey = page.LastEvaluatedKey;
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...keys.companyListingBackfill(), entity: 'CompanyListingBackfill', done: !startKey, ...(startKey ? { startKey: JSON.stringify(startKey) } : {}) } }));
  } while (startKey && Date.now() < until);
}
