import type { ListQuery, Page } from '../../schemas/list-query.ts';
import { decodeCursor, encodeCursor, type CursorBinding } from './cursor.ts';

/**
 * Cursor pagination over a small list already in memory, with the same signed cursors as
 * index queries: the cursor holds the sort key of the page's last item.
 */
export async function paginateArray<T>(items: T[], sortKey: (item: T) => string, query: ListQuery, binding: CursorBinding): Promise<Page<T>> {
  const sorted = [...items].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
  if (!query.orderAsc) sorted.reverse();
  const after = query.page ? ((await decodeCursor(binding, query.page)).after as string) : undefined;
  const remaining = after === undefined ? sorted : sorted.filter((item) => (query.orderAsc ? sortKey(item) > after : sortKey(item) < after));
  const results = remaining.slice(0, query.pageSize);
  const last = results.at(-1);
  return {
    currentPage: query.page ?? null,
    results,
    nextPage: remaining.length > query.pageSize && last ? await encodeCursor(binding, { after: sortKey(last) }) : null,
  };
}
