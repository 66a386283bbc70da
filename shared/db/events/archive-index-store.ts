import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ArchivedSegment } from '../../audit/archive-segments.ts';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import * as keys from '../table/keys.ts';
import { prefixRange, withPrefix, withRange } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { recordOf, type Item } from '../table/table-ops.ts';

/**
 * The index of a company's archived event segments (docs/decisions.md, Audit, "Events archived
 * before they expire"): one item per segment, by its last number, so Verify knows which segments
 * exist, and the archive job where to go on, without listing the bucket. Kept for good (no
 * `purgeAt`), like the objects they name. Verify's own first read is archived-from.ts.
 */
const FIELDS = ['first', 'last', 'sha256', 'lastHash', 'objectKey', 'versionId', 'bytes', 'retainUntil', 'archivedAt'] as const;
function segmentOf(item: Item): ArchivedSegment {
  const segment = recordOf<ArchivedSegment>(item, FIELDS);
  // Absent fields (none are written so) read as null.
  return { ...segment, lastHash: segment.lastHash ?? null, versionId: segment.versionId ?? null, retainUntil: segment.retainUntil ?? null };
}

/** The segment ending last, or undefined before the first. */
export async function lastSegment(companyId: string): Promise<ArchivedSegment | undefined> {
  const { Items } = await db().send(new QueryCommand({ TableName: config.tableName, ...withPrefix(keys.archivePartition(companyId), keys.archivedSegmentPrefix), ConsistentRead: true, ScanIndexForward: false, Limit: 1 }));
  return Items?.[0] && segmentOf(Items[0]);
}

/** The segments holding a number from `from` to `to`, in order: those ending at `from` or after, up to the first beginning after `to`. */
export async function segmentsBetween(companyId: string, from: number, to: number): Promise<ArchivedSegment[]> {
  const range = { from: keys.archivedSegment(companyId, from).sk, to: prefixRange(keys.archivedSegmentPrefix).to };
  const found: ArchivedSegment[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...withRange(keys.archivePartition(companyId), range), ConsistentRead: true, Limit: 20 })) {
    const segment = segmentOf(item);
    if (segment.first > to) break;
    found.push(segment);
  }
  return found;
}

/** Records the segment's index item unless one is there (another run recorded it): false then. */
export async function recordSegment(companyId: string, segment: ArchivedSegment): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({ TableName: config.tableName, Item: { ...keys.archivedSegment(companyId, segment.last), entity: 'ArchivedSegment', companyId, ...segment }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
