import { config } from '../config.ts';
import { keys } from './keys.ts';
import { queryAll } from './query-all.ts';

/** Whether any draft journal is dated (by calendar date) between the two dates, inclusive. */
export async function hasDraftJournalsBetween(companyId: string, startDate: string, endDate: string): Promise<boolean> {
  for await (const _draft of queryAll({
    TableName: config.tableName,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    FilterExpression: '#status = :draft',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': keys.journalListPartition(companyId), ':from': startDate, ':to': `${endDate}~`, ':draft': 'draft' },
  })) {
    return true;
  }
  return false;
}
