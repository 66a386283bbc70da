import { config } from '../config.ts';
import type { JournalStatus } from '../journals/rules.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { JournalRecord } from '../journals/records.ts';
import { journalFromItem } from './journal-store.ts';
import { keys } from './keys.ts';
import { mapPage, queryPage } from './paginate.ts';
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

/** What a journal list may be narrowed by, besides the spec's list query. */
export interface JournalFilters {
  /** Calendar dates, inclusive. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  status?: JournalStatus | undefined;
  /** Lower case; matched against serial number, description and reference. */
  keyword: string;
}

/**
 * A page of the company's journals by date (orderBy `Date`: calendar date, then instant, then
 * id) or serial number (`SerialNumber`). A date range narrows the date index's key; on the
 * serial index it, the status and the keyword are filters (the page is still filled).
 */
export async function journalsPage(companyId: string, query: ListQuery<'Date' | 'SerialNumber'>, filters: JournalFilters): Promise<Page<JournalRecord>> {
  const from = filters.dateFrom ?? '0000-00-00';
  const to = `${filters.dateTo ?? '9999-99-99'}~`;
  const byDate = query.orderBy === 'Date';
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (!byDate && (filters.dateFrom || filters.dateTo)) {
    conditions.push('calendarDate BETWEEN :from AND :to');
    Object.assign(values, { ':from': from, ':to': to });
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
  const page = await queryPage({
    index: byDate ? 'gsi1' : 'gsi2',
    partition: keys.journalListPartition(companyId),
    pageSize: query.pageSize,
    // 100 journals of 1,000 lines would be 15 MB: a page holds what fits in about 4 MB.
    maxBytes: 4_000_000,
    page: query.page,
    range: byDate ? { from, to } : undefined,
    binding: {
      companyId,
      endpoint: 'journals.list',
      orderBy: query.orderBy,
      orderAsc: query.orderAsc,
      filters: { keyword: filters.keyword, dateFrom: filters.dateFrom ?? null, dateTo: filters.dateTo ?? null, status: filters.status ?? null },
    },
    ...(conditions.length > 0
      ? { filter: { FilterExpression: conditions.join(' AND '), ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}), ExpressionAttributeValues: values } }
      : {}),
  });
  return mapPage(page, journalFromItem);
}
