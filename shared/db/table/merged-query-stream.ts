import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { db } from './client.ts';
import { pacedLimit } from './current-read-pace.ts';
import { MAIN_TABLE } from './tables.ts';
import type { Item } from './table-ops.ts';

/**
 * Items per read: a partition holds at most two reads at once (the one consumed, the one read
 * ahead), so memory stays bounded by partitions x 2 x this, not by DynamoDB's 1 MB pages (a
 * journal list's shards held most of a 50,000-line export at once that way).
 */
const READ_ITEMS = 1000;

export interface MergedQuery {
  /** Index of the main table to read, by name; absent: the table itself, read strongly consistent. */
  index?: string | undefined;
  partitions: readonly string[];
  /** Bounds on the index sort key (inclusive). */
  range?: { from: string; to: string } | undefined;
  filter?: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> | undefined;
  /** A test no expression can make, applied to each item read. */
  matches?: ((item: Item) => boolean) | undefined;
  /** Items per read, for large items (READ_ITEMS by default). */
  readItems?: number | undefined;
}

/**
 * Every item of an index spread over several partition keys, oldest sort key first: each
 * partition read once, page after page, its next page asked for as soon as the last one
 * arrives (so the reads overlap the consumer's work), merged by the index sort key. What a
 * file of a whole walk reads: unlike a walk of pages (merged-page.ts), nothing is read twice
 * and no cursor is made.
 */
export async function* mergedQueryAll(query: MergedQuery): AsyncGenerator<Item> {
  const table = { partitionKey: MAIN_TABLE.partitionKey, sortKey: MAIN_TABLE.sortKey! };
  const index = query.index === undefined ? table : MAIN_TABLE.indexes.find((i) => i.name === query.index);
  if (!index) throw new Error(`Unknown index ${query.index}`);
  const sortKeyOf = (item: Item) => String(item[index.sortKey]);
  const readPage = (partition: string, startKey: Record<string, unknown> | undefined) => {
    const page = readOne(partition, startKey);
    // A read ahead that fails after the walk was left (a file past its cap) must not be an unhandled rejection; awaiting it still throws.
    page.catch(() => undefined);
    return page;
  };
  const readOne = async (partition: string, startKey: Record<string, unknown> | undefined) => {
    const result = await db().send(
      new QueryCommand({
        TableName: config.tableName,
        ...(query.index === undefined ? { ConsistentRead: true } : { IndexName: query.index }),
        KeyConditionExpression: query.range ? '#pk = :pk AND #sk BETWEEN :keyFrom AND :keyTo' : '#pk = :pk',
        ...query.filter,
        ExpressionAttributeNames: { ...query.filter?.ExpressionAttributeNames, '#pk': index.partitionKey, ...(query.range ? { '#sk': index.sortKey } : {}) },
        ExpressionAttributeValues: { ...query.filter?.ExpressionAttributeValues, ':pk': partition, ...(query.range ? { ':keyFrom': query.range.from, ':keyTo': query.range.to } : {}) },
        ScanIndexForward: true,
        ExclusiveStartKey: startKey,
        Limit: pacedLimit(query.readItems ?? READ_ITEMS),
      }),
    );
    const items = (result.Items ?? []) as Item[];
    return { items: query.matches ? items.filter(query.matches) : items, next: result.LastEvaluatedKey };
  };
  type Stream = { partition: string; buffer: Item[]; at: number; ahead: ReturnType<typeof readPage> | undefined };
  const streams: Stream[] = query.partitions.map((partition) => ({ partition, buffer: [], at: 0, ahead: readPage(partition, undefined) }));
  // A stream whose buffer is used up takes the page read ahead, and asks for the one after it.
  const refill = async (stream: Stream) => {
    while (stream.at >= stream.buffer.length && stream.ahead) {
      const page = await stream.ahead;
      stream.buffer = page.items;
      stream.at = 0;
      stream.ahead = page.next ? readPage(stream.partition, page.next) : undefined;
    }
  };
  await Promise.all(streams.map(refill));
  for (;;) {
    let next: Stream | undefined;
    for (const s of streams) if (s.at < s.buffer.length && (!next || sortKeyOf(s.buffer[s.at]!) < sortKeyOf(next.buffer[next.at]!))) next = s;
    if (!next) return;
    yield next.buffer[next.at++]!;
    await refill(next);
  }
}
