import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditedKind } from '../../audit/record-state.ts';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import { historyKeys } from '../table/keys.ts';
import { withPrefix } from '../table/prefix-query.ts';

/**
 * Where a record's history stands (history-store.ts), which Verify reads of every record it
 * checks: apart from the history's items and pages, which only the sequencer's numbering and the
 * history's routes make, so Verify starts without them.
 */

/** A record's last kept version and the number of the event that made it (strongly consistent), or undefined when none is kept. */
export async function lastVersionOf(companyId: string, kind: AuditedKind, recordId: string): Promise<{ version: number; sequence: number } | undefined> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.tableName,
      ...withPrefix(historyKeys.record(companyId, kind, recordId), historyKeys.recordPrefix(kind, recordId)),
      ConsistentRead: true,
      ScanIndexForward: false,
      Limit: 1,
      ProjectionExpression: '#version, #sequence',
      ExpressionAttributeNames: { '#version': 'version', '#sequence': 'sequence' },
    }),
  );
  const item = Items?.[0];
  return item ? { version: Number(item.version), sequence: Number(item.sequence) } : undefined;
}
