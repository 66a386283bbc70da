import { journalFromItem, mustGetJournal } from '../db/journal-store.ts';
import { keys } from '../db/keys.ts';
import { queryPage } from '../db/paginate.ts';
import type { Page } from '../schemas/list-query.ts';
import type { ListJournalsInput } from './schemas.ts';
import { journalView, type JournalView } from './views.ts';

/** Errors: NotFound. */
export async function getJournalView(companyId: string, journalId: string): Promise<JournalView> {
  return journalView(await mustGetJournal(companyId, journalId));
}

/**
 * orderBy `Date` (calendar date, then time, then id) or `SerialNumber`. Filters: `dateFrom`
 * and `dateTo` (calendar dates, inclusive), `status`; `keyword` matches the serial number,
 * description and reference.
 */
export async function listJournals(companyId: string, query: ListJournalsInput): Promise<Page<JournalView>> {
  const keyword = query.keyword?.toLowerCase() ?? '';
  const from = query.dateFrom ?? '0000-00-00';
  const to = `${query.dateTo ?? '9999-99-99'}~`;
  const byDate = query.orderBy === 'Date';
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (!byDate && (query.dateFrom || query.dateTo)) {
    conditions.push('calendarDate BETWEEN :from AND :to');
    Object.assign(values, { ':from': from, ':to': to });
  }
  if (query.status) {
    conditions.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = query.status;
  }
  if (keyword) {
    conditions.push('contains(searchText, :keyword)');
    values[':keyword'] = keyword;
  }
  const page = await queryPage({
    index: byDate ? 'gsi1' : 'gsi2',
    partition: keys.journalListPartition(companyId),
    pageSize: query.pageSize,
    page: query.page,
    range: byDate ? { from, to } : undefined,
    binding: {
      companyId,
      endpoint: 'journals.list',
      orderBy: query.orderBy,
      orderAsc: query.orderAsc,
      filters: { keyword, dateFrom: query.dateFrom ?? null, dateTo: query.dateTo ?? null, status: query.status ?? null },
    },
    ...(conditions.length > 0
      ? {
          filter: {
            FilterExpression: conditions.join(' AND '),
            ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
            ExpressionAttributeValues: values,
          },
        }
      : {}),
  });
  return { ...page, results: page.results.map((item) => journalView(journalFromItem(item))) };
}
