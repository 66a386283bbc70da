import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { mapPage, type ListQuery, type Page } from '../../schemas/list-query.ts';
import { db } from './client.ts';
import { decodeCursor, encodeCursor, type CursorBinding } from './cursor.ts';
import { MAIN_TABLE } from './tables.ts';
import type { Item } from './table-ops.ts';

export interface PageQuery {
  /** Index of the main table to read, by name (its keys come from MAIN_TABLE); absent: the table itself, read strongly consistent. */
  index?: string;
  partition: string;
  pageSize: number;
  /** Cursor from the previous page (absent on the first). */
  page?: string | undefined;
  binding: CursorBinding;
  /** Optional bounds on the index sort key (inclusive). */
  range?: { from: string; to: string } | undefined;
  /**
   * Stop the page early once its items hold this many bytes (as JSON), so a page of large
   * items (wide journals) stays well inside a response's 6 MB. At least one item is returned.
   */
  maxBytes?: number;
  /** Optional FilterExpression; the page is still filled to pageSize where items remain (within `examine`). */
  filter?: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;
  /** A test no expression can make (a subtree of accounts, a total), applied to each item read; the rest are dropped. */
  matches?: (item: Item) => boolean;
  /**
   * Bounds the work of one request: at most this many items examined (read, matching or not)
   * in at most this many reads. Reached before the page is full, the page ends early (even
   * empty) with a cursor after the last item examined, so the next request resumes there.
   */
  examine?: { items: number; reads: number };
}

/**
 * One page of a keyset walk over an index. The cursor is the key of the page's last item, so
 * a walk returns each matching item exactly once even while items are inserted (an item
 * inserted behind the cursor is simply not reached). Reads until it holds pageSize + 1
 * matches, which tells whether a next page exists without returning an empty last page; with
 * `examine`, stops at its bound sooner, the cursor then after the last item examined.
 */
export async function queryPage(query: PageQuery): Promise<Page<Item>> {
  const table = { partitionKey: MAIN_TABLE.partitionKey, sortKey: MAIN_TABLE.sortKey! };
  const index = query.index === undefined ? table : MAIN_TABLE.indexes.find((i) => i.name === query.index);
  if (!index) throw new Error(`Unknown index ${query.index}`);
  const keyNames = [...new Set([table.partitionKey, table.sortKey, index.partitionKey, index.sortKey])];
  let startKey = query.page ? await decodeCursor(query.binding, query.page) : undefined;
  const items: Item[] = [];
  // With maxBytes: how many items, from the first, fit the budget (measured once each, as read).
  let fitting = 0;
  let bytes = 0;
  const measure = (budget: number) => {
    while (fitting < items.length && (bytes += JSON.stringify(items[fitting]).length) <= budget) fitting++;
  };
  let examined = 0;
  let reads = 0;
  const filtered = query.filter !== undefined || query.matches !== undefined;
  do {
    // Sparse filters read more per call; `examine` caps how many in all.
    const wanted = Math.max(query.pageSize + 1 - items.length, filtered && query.examine ? 100 : 25);
    const result = await db().send(
      new QueryCommand({
        TableName: config.tableName,
        ...(query.index === undefined ? { ConsistentRead: true } : { IndexName: query.index }),
        KeyConditionExpression: query.range ? '#pk = :pk AND #sk BETWEEN :from AND :to' : '#pk = :pk',
        ...query.filter,
        ExpressionAttributeNames: { ...query.filter?.ExpressionAttributeNames, '#pk': index.partitionKey, ...(query.range ? { '#sk': index.sortKey } : {}) },
        ExpressionAttributeValues: {
          ...query.filter?.ExpressionAttributeValues,
          ':pk': query.partition,
          ...(query.range ? { ':from': query.range.from, ':to': query.range.to } : {}),
        },
        ScanIndexForward: query.binding.orderAsc,
        ExclusiveStartKey: startKey,
        Limit: query.examine ? Math.min(wanted, query.examine.items - examined) : wanted,
      }),
    );
    reads++;
    examined += result.ScannedCount ?? result.Items?.length ?? 0;
    items.push(...(query.matches ? (result.Items ?? []).filter(query.matches) : (result.Items ?? [])));
    startKey = result.LastEvaluatedKey;
    if (query.maxBytes) measure(query.maxBytes);
  } while (
    startKey &&
    items.length <= query.pageSize &&
    (!query.maxBytes || fitting === items.length) &&
    (!query.examine || (examined < query.examine.items && reads < query.examine.reads))
  );

  // At least one item, however large.
  const results = items.slice(0, Math.min(query.pageSize, query.maxBytes ? Math.max(fitting, 1) : items.length));
  const more = items.length > results.length;
  const last = results.at(-1);
  // Stopped by `examine` with every match read so far returned: resume after the last item examined.
  const resumeAt = more && last ? Object.fromEntries(keyNames.map((k) => [k, last[k]])) : startKey;
  return {
    currentPage: query.page ?? null,
    results,
    nextPage: resumeAt ? await encodeCursor(query.binding, resumeAt) : null,
  };
}

/** The `filter` of a page query matching items whose attribute contains the keyword (none without one). */
function containsFilter(attribute: string, keyword: string): Pick<PageQuery, 'filter'> {
  if (!keyword) return {};
  return {
    filter: {
      FilterExpression: 'contains(#keywordField, :keyword)',
      ExpressionAttributeNames: { '#keywordField': attribute },
      ExpressionAttributeValues: { ':keyword': keyword },
    },
  };
}

/**
 * The `filter` of a page query matching items whose attributes equal the values given (an
 * undefined value filters nothing) and, with `contains`, whose attribute contains its text (none
 * when empty).
 */
export function matchingFilter(equal: object, contains?: { attribute: string; text: string }): Pick<PageQuery, 'filter'> {
  const wanted = Object.entries(equal).filter(([, value]) => value !== undefined) as Array<[string, string | boolean]>;
  const parts = wanted.map(([name, value]) => ({ expression: `#${name} = :${name}`, name, value }));
  if (contains?.text) parts.push({ expression: `contains(#${contains.attribute}, :${contains.attribute})`, name: contains.attribute, value: contains.text });
  if (parts.length === 0) return {};
  return {
    filter: {
      FilterExpression: parts.map((p) => p.expression).join(' AND '),
      ExpressionAttributeNames: Object.fromEntries(parts.map((p) => [`#${p.name}`, p.name])),
      ExpressionAttributeValues: Object.fromEntries(parts.map((p) => [`:${p.name}`, p.value])),
    },
  };
}

/**
 * One page of a list endpoint whose keyword is a substring match on one attribute: the
 * cursor is bound to the company, endpoint, sort and keyword. Items come back as records.
 */
export async function keywordListPage<T>(
  list: { index: string; partition: string; companyId: string; endpoint: string; keywordAttribute: string; toRecord: (item: Item) => T },
  query: ListQuery,
  keyword: string,
): Promise<Page<T>> {
  const page = await queryPage({
    index: list.index,
    partition: list.partition,
    pageSize: query.pageSize,
    page: query.page,
    binding: { companyId: list.companyId, endpoint: list.endpoint, orderBy: query.orderBy, orderAsc: query.orderAsc, filters: { keyword } },
    ...containsFilter(list.keywordAttribute, keyword),
  });
  return mapPage(page, list.toRecord);
}

// Pages are the API's (schemas/list-query.ts); callers here and in the domain map them alike.
export { mapPage };
