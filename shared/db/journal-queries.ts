import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { db } from './client.ts';
import { keys } from './keys.ts';

/** Whether any draft journal is dated (by calendar date) between the two dates, inclusive. */
export async function hasDraftJournalsBetween(companyId: string, startDate: string, endDate: string): Promise<boolean> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db().send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        FilterExpression: '#status = :draft',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': keys.journalListPartition(companyId), ':from': startDate, ':to': `${endDate}~`, ':draft': 'draft' },
        ExclusiveStartKey: startKey,
      }),
    );
    if ((result.Items ?? []).length > 0) return true;
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return false;
}
