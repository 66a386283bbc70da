import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { db } from './client.ts';

/** Whether any item of the partition has a sort key starting with the prefix (strongly consistent). */
export async function anyWithPrefix(pk: string, prefix: string): Promise<boolean> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ConsistentRead: true,
      Limit: 1,
    }),
  );
  return (Items ?? []).length > 0;
}
