import type { JournalFilters } from '../../journals/store.ts';
import { config } from '../../config.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import type { JournalRecord } from '../../journals/records.ts';
import { journalFromItem } from './journal-store.ts';
import * as keys from '../table/keys.ts';
import { mergedQueryPage } from '../table/merged-page.ts';
import { mergedQueryAll } from '../table/merged-query-stream.ts';
import { mapPage } from '../table/paginate.ts';
import { queryAll } from '../table/query-all.ts';
import type { Item } from '../table/table-ops.ts';

/** Whether any draft journal (submitted or approved too) is dated (by calendar date) between the two dates, inclusive: every index shard is read at once. */
export async function hasDraftJournalsBetween(companyId: string, startDate: string, endDate: string): Promise<boolean> {
  const found = await Promise.all(
    keys.journalListPartitions(companyId).map(async (partition) => {
      for await (const _draft of queryAll({
        TableName: config.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        // A journal asking or holding its approval is a draft still.
        FilterExpression: '#status IN (:draft, :submitted, :approved)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': partition, ':from': startDate, ':to': `${endDate}~`, ':draft': 'draft', ':submitted': 'submitted', ':approved': 'approved' },
      })) {
        return true;
      }
      return false;
    }),
  );
  return found.includes(true);
}

/** What a journal list may be narrowed by, besides the spec's list query. */

/**
 * The most one list request examines when it filters: a filter that matches few journals
 * answers a short (even empty) page with a cursor that resumes after the last journal examined,
 * instead of reading the whole company in one request (docs/decisions.md, Journals).
 */
export const JOURNAL_LIST_EXAMINE = { get items() { return config.journalListExamineLimit; }, reads: 10 };

const serialKey = (serial: number) => String(serial).padStart(12, '0');

/**
 * A page of the company's journals by date (orderBy `Date`: calendar date, then instant, then
 * id) or serial number (`SerialNumber`). A date range narrows the date index's key, a serial
 * range the serial index's; otherwise they, the status and the keyword are filters, and
 * `matches` tests each journal read. A filtered page examines at most JOURNAL_LIST_EXAMINE (its
 * reads counted in rounds over the index shards).
 */
export async function journalsPage(companyId: string, query: ListQuery<'Date' | 'SerialNumber'>, filters: JournalFilters): Promise<Page<JournalRecord>> {
  const read = journalListRead(companyId, query.orderBy, filters);
  const page = await mergedQueryPage({
    ...read,
    pageSize: query.pageSize,
    // 100 journals of 1,000 lines would be 15 MB: a page holds what fits in about 4 MB.
    maxBytes: 4_000_000,
    page: query.page,
    binding: {
      companyId,
      endpoint: 'journals.list',
      orderBy: query.orderBy,
      orderAsc: query.orderAsc,
      filters: {
        keyword: filters.keyword,
        dateFrom: filters.dateFrom ?? null,
        dateTo: filters.dateTo ?? null,
        status: filters.status ?? null,
        serialFrom: filters.serialFrom ?? null,
        serialTo: filters.serialTo ?? null,
        createdBy: filters.createdBy ?? null,
        postedBy: filters.postedBy ?? null,
        ...filters.matches?.binding,
      },
    },
    ...(read.filter || read.matches ? { examine: JOURNAL_LIST_EXAMINE } : {}),
  });
  return mapPage(page, journalFromItem);
}

/**
 * Every journal the filters select, by date (calendar date, then instant, then id), oldest
 * first: each index shard read once and merged, for a file of the whole list.
 */
export async function* allJournals(companyId: string, filters: JournalFilters): AsyncGenerator<JournalRecord> {
  for await (const item of mergedQueryAll(journalListRead(companyId, 'Date', filters))) yield journalFromItem(item);
}

/** Which index a journal list reads, over which shards and range, with which filter expression and test. */
function journalListRead(companyId: string, orderBy: 'Date' | 'SerialNumber', filters: JournalFilters) {
  const from = filters.dateFrom ?? '0000-00-00';
  const to = `${filters.dateTo ?? '9999-99-99'}~`;
  const serialFrom = serialKey(filters.serialFrom ?? 0);
  const serialTo = `${serialKey(filters.serialTo ?? 999_999_999_999)}~`;
  const bySerialRange = filters.serialFrom !== undefined || filters.serialTo !== undefined;
  const byDate = orderBy === 'Date';
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (!byDate && (filters.dateFrom || filters.dateTo)) {
    conditions.push('calendarDate BETWEEN :from AND :to');
    Object.assign(values, { ':from': from, ':to': to });
  }
  if (byDate && bySerialRange) {
    conditions.push('serialNumber BETWEEN :serialFrom AND :serialTo');
    Object.assign(values, { ':serialFrom': filters.serialFrom ?? 0, ':serialTo': filters.serialTo ?? Number.MAX_SAFE_INTEGER });
  }
  if (filters.status) {
    conditions.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = filters.status;
  }
  if (filters.keyword) {
    conditions.push('contains(searchText, :keyword)');
    values[':keyword'] = filters.keyword;
  }
  // Who created or posted it: the actor's id (a user's or an API key's).
  for (const field of ['createdBy', 'postedBy'] as const) {
    if (!filters[field]) continue;
    conditions.push(`#${field}.#actorId = :${field}`);
    Object.assign(names, { [`#${field}`]: field, '#actorId': 'id' });
    values[`:${field}`] = filters[field];
  }
  return {
    index: byDate ? 'gsi1' : 'gsi2',
    partitions: keys.journalListPartitions(companyId),
    range: byDate ? { from, to } : bySerialRange ? { from: serialFrom, to: serialTo } : undefined,
    filter: conditions.length > 0 ? { FilterExpression: conditions.join(' AND '), ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}), ExpressionAttributeValues: values } : undefined,
    matches: filters.matches ? (item: Item) => filters.matches!.test(journalFromItem(item)) : undefined,
  };
}

/**
 * The ids of the journals an import wrote (its serial numbers `from` to `to`) that ask approval
 * (`submitted`), reading every index shard at once and stopping past `limit` (the caller refuses
 * that many).
 */
export async function importJournalsAsking(companyId: string, importId: string, serials: { from: number; to: number }, limit: number): Promise<string[]> {
  const found: string[] = [];
  await Promise.all(
    keys.journalListPartitions(companyId).map(async (partition) => {
      for await (const item of queryAll({
        TableName: config.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
        FilterExpression: '#status = :submitted AND importId = :importId',
        ProjectionExpression: 'id',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': partition, ':from': serialKey(serials.from), ':to': `${serialKey(serials.to)}~`, ':submitted': 'submitted', ':importId': importId },
      })) {
        found.push(String(item.id));
        if (found.length > limit) return;
      }
    }),
  );
  return found;
}
