import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import type { Page } from '../../schemas/list-query.ts';
import { db } from './client.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { PageQuery } from './paginate.ts';
import { MAIN_TABLE } from './tables.ts';
import type { Item } from './table-ops.ts';

/**
 * One page of a keyset walk over an index whose items are spread over several partition keys
 * (the journal indexes' shards, and the one key older items are under): each partition is read
 * in order and the reads are merged by the index sort key, which is unique across partitions,
 * so the page is the one a single partition holding them all would give. The cursor is the sort
 * key of the last item returned (or, when `examine` ran out first, the point up to which every
 * partition was examined), so a walk returns each item exactly once while items are inserted.
 * Reads in rounds (every partition that needs more, at once; `examine.reads` bounds the rounds);
 * every partition is read at least once a request (one item each, beyond the examine budget if
 * need be), so the walk's point always moves on.
 */
export async function mergedQueryPage(query: Omit<PageQuery, 'partition'> & { index: string; partitions: readonly string[] }): Promise<Page<Item>> {
  const index = MAIN_TABLE.indexes.find((i) => i.name === query.index);
  if (!index) throw new Error(`Unknown index ${query.index}`);
  const asc = query.binding.orderAsc;
  const sortKeyOf = (item: Item) => String(item[index.sortKey]);
  const before = (a: string, b: string) => (asc ? a < b : a > b);
  const byKey = (a: Item, b: Item) => (before(sortKeyOf(a), sortKeyOf(b)) ? -1 : 1);
  // A cursor holds the index sort key the walk stopped at (cursors of the single-partition walk hold it too).
  const after = query.page ? ((await decodeCursor(query.binding, query.page))[index.sortKey] as string | undefined) : undefined;
  const bounds = boundsAfter(query.range, after, asc);
  const streams = query.partitions.map((partition) => ({ partition, buffer: [] as Item[], startKey: undefined as Record<string, unknown> | undefined, done: false, frontier: after }));
  const filtered = query.filter !== undefined || query.matches !== undefined;
  let examined = 0;
  let rounds = 0;

  async function read(stream: (typeof streams)[number], limit: number): Promise<void> {
    const result = await db().send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: query.index,
        KeyConditionExpression: bounds ? `#pk = :pk AND #sk ${bounds.condition}` : '#pk = :pk',
        ...query.filter,
        ExpressionAttributeNames: { ...query.filter?.ExpressionAttributeNames, '#pk': index!.partitionKey, ...(bounds ? { '#sk': index!.sortKey } : {}) },
        ExpressionAttributeValues: { ...query.filter?.ExpressionAttributeValues, ':pk': stream.partition, ...bounds?.values },
        ScanIndexForward: asc,
        ExclusiveStartKey: stream.startKey,
        // A partition's first read from a cursor may start with the cursor's own item, dropped: one more, so each read moves on.
        Limit: limit + (after !== undefined && stream.startKey === undefined ? 1 : 0),
      }),
    );
    examined += result.ScannedCount ?? result.Items?.length ?? 0;
    const items = (result.Items ?? []).filter((item) => sortKeyOf(item) !== after);
    stream.buffer.push(...(query.matches ? items.filter(query.matches) : items));
    stream.startKey = result.LastEvaluatedKey;
    stream.done = !result.LastEvaluatedKey;
    if (result.LastEvaluatedKey) stream.frontier = String(result.LastEvaluatedKey[index!.sortKey]);
  }

  const results: Item[] = [];
  let bytes = 0;
  let full = false;
  let outOfBudget = false;
  for (;;) {
    const hungry = streams.filter((s) => !s.done && s.buffer.length === 0);
    if (hungry.length > 0) {
      if (rounds > 0 && query.examine && (examined >= query.examine.items || rounds >= query.examine.reads)) {
        outOfBudget = true;
        break;
      }
      const wanted = Math.max(query.pageSize + 1 - results.length, filtered && query.examine ? 100 : 25);
      const left = query.examine ? query.examine.items - examined : Infinity;
      const limit = Math.max(1, Math.min(wanted, Math.floor(left / hungry.length)));
      await Promise.all(hungry.map((s) => read(s, limit)));
      rounds++;
      continue;
    }
    const next = streams.filter((s) => s.buffer.length > 0).sort((a, b) => byKey(a.buffer[0]!, b.buffer[0]!))[0];
    if (!next) break;
    const item = next.buffer[0]!;
    bytes += query.maxBytes ? JSON.stringify(item).length : 0;
    // At least one item, however large; one more than the page says another follows (it stays buffered).
    if (results.length >= query.pageSize || (query.maxBytes && results.length > 0 && bytes > query.maxBytes)) {
      full = true;
      break;
    }
    results.push(next.buffer.shift()!);
  }

  let resumeAt: string | undefined;
  if (full) resumeAt = sortKeyOf(results.at(-1)!);
  else if (outOfBudget) {
    // Every partition was examined up to its frontier: buffered items up to the nearest one can still be
    // returned. The nearest of every partition not done, buffered or not: past a buffered partition's
    // frontier nothing of it was read yet.
    const horizon = streams
      .filter((s) => !s.done)
      .map((s) => s.frontier!)
      .reduce((a, b) => (before(a, b) ? a : b));
    const ready = streams
      .flatMap((s) => s.buffer)
      .filter((item) => !before(horizon, sortKeyOf(item)))
      .sort(byKey);
    const room = query.pageSize - results.length;
    results.push(...ready.slice(0, room));
    resumeAt = ready.length > room ? sortKeyOf(results.at(-1)!) : horizon;
  }
  return {
    currentPage: query.page ?? null,
    results,
    nextPage: resumeAt === undefined ? null : await encodeCursor(query.binding, { [index.sortKey]: resumeAt }),
  };
}

/** The sort-key condition of a read from `after` on (inclusive: the item at `after` itself is dropped when read), within `range`. */
function boundsAfter(range: PageQuery['range'], after: string | undefined, asc: boolean): { condition: string; values: Record<string, string> } | undefined {
  const from = after !== undefined && asc ? (range && range.from > after ? range.from : after) : range?.from;
  const to = after !== undefined && !asc ? (range && range.to < after ? range.to : after) : range?.to;
  if (from !== undefined && to !== undefined) return { condition: 'BETWEEN :keyFrom AND :keyTo', values: { ':keyFrom': from, ':keyTo': to } };
  if (from !== undefined) return { condition: '>= :keyFrom', values: { ':keyFrom': from } };
  if (to !== undefined) return { condition: '<= :keyTo', values: { ':keyTo': to } };
  return undefined;
}
