import type { ListQuery, Page } from '../../../schemas/list-query.ts';
import type { NodeAttributes, NodeRecord } from '../../../tree/records.ts';
import type { NodeFilters } from '../../../tree/store.ts';
import { decodeCursor } from '../../table/cursor.ts';
import * as keys from '../../table/keys.ts';
import { type NodeKind } from '../../table/keys.ts';
import { mapPage, queryPage } from '../../table/paginate.ts';
import { getItem, type Item } from '../../table/table-ops.ts';
import { findNodeId } from './node-paths.ts';
import { nodeFromItem } from './node-record.ts';

/** A page of a node list (the kinds' list routes, node-store.ts), apart from the plain reads (node-reads.ts). */

/**
 * A page of the company's nodes by code (orderBy `Code`) or creation (`CreatedAt`); the keyword
 * matches the search text, `code` the code exactly (sorted by code, the index's range holds
 * just that code's nodes; by creation, a filter over the list). The cursor is bound to all three.
 * With `path`, the page is the node the path names (edge reads only) or nothing: at most one,
 * never a next page.
 */
export async function nodesPage<A extends NodeAttributes>(kind: NodeKind, companyId: string, endpoint: string, query: ListQuery<'Code' | 'CreatedAt'>, filters: NodeFilters): Promise<Page<NodeRecord<A>>> {
  const { keyword, code, path } = filters;
  const binding = { companyId, endpoint, orderBy: query.orderBy, orderAsc: query.orderAsc, filters: { keyword, code, path } };
  const matches = (item: Item) => (code === undefined || item.code === code) && (!keyword || String(item.searchText ?? '').includes(keyword));
  if (path !== undefined) {
    // No cursor is ever issued for a one-record list, so any given is refused as for every list.
    if (query.page) await decodeCursor(binding, query.page);
    const id = await findNodeId(kind, companyId, path);
    const item = id ? await getItem(keys.node(kind, companyId, id)) : undefined;
    return { currentPage: null, results: item && matches(item) ? [nodeFromItem<A>(item)] : [], nextPage: null };
  }
  const byCode = query.orderBy === 'Code';
  const conditions = [
    ...(keyword ? [{ expression: 'contains(#searchText, :keyword)', name: ['#searchText', 'searchText'], value: [':keyword', keyword] }] : []),
    ...(code !== undefined && !byCode ? [{ expression: '#code = :code', name: ['#code', 'code'], value: [':code', code] }] : []),
  ];
  const page = await queryPage({
    index: byCode ? 'gsi1' : 'gsi2',
    partition: keys.nodeListPartition(kind, companyId),
    pageSize: query.pageSize,
    page: query.page,
    binding,
    // Codes hold no space: the sort keys `<code> <id>` of one code lie between `<code> ` and `<code> ~` (ids are hex).
    ...(code !== undefined && byCode ? { range: { from: `${code} `, to: `${code} ~` } } : {}),
    ...(conditions.length > 0
      ? {
          filter: {
            FilterExpression: conditions.map((c) => c.expression).join(' AND '),
            ExpressionAttributeNames: Object.fromEntries(conditions.map((c) => c.name)),
            ExpressionAttributeValues: Object.fromEntries(conditions.map((c) => c.value)),
          },
        }
      : {}),
  });
  return mapPage(page, (item) => nodeFromItem<A>(item));
}
