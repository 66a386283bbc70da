import type { JournalMark } from '../../imports/records.ts';
import { config } from '../../config.ts';
import * as keys from '../table/keys.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';


/**
 * The reference (and opening mark) of every journal of the company: one query of its journal
 * items under each of their keys reading only those attributes, which an import reads once to skip the journals it finds
 * already there. Its cost grows with the company's journals (docs/decisions.md, Imports).
 */
export async function journalMarks(companyId: string): Promise<JournalMark[]> {
  const read = async (pk: string) => {
    const marks: JournalMark[] = [];
    for await (const item of queryAll({
      TableName: config.tableName,
      ...withPrefix(pk, keys.journalsPrefix()),
      ProjectionExpression: 'id, #reference, #status, openingOf',
      ExpressionAttributeNames: { '#reference': 'reference', '#status': 'status' },
      ConsistentRead: true,
    })) {
      marks.push({ id: item.id as string, reference: item.reference as string | undefined, status: item.status as string, openingOf: item.openingOf as string | undefined });
    }
    return marks;
  };
  // One query under each of the keys the journals are spread over, at once.
  return (await Promise.all(keys.journalPartitions(companyId).map(read))).flat();
}
