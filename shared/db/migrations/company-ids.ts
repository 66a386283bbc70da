import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import type { Item } from '../table/table-ops.ts';

/** Every company of the table (a scan: for maintenance, never on a request path). */
export async function* companyIds(): AsyncGenerator<string> {
  let startKey: Item | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: config.tableName, FilterExpression: 'entity = :company', ExpressionAttributeValues: { ':company': 'Company' }, ProjectionExpression: 'id', ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? []) yield item.id as string;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
