import type { CounterpartyRecord } from '../../counterparties/records.ts';
import type { CounterpartyFilters } from '../../counterparties/store.ts';
import { NotFound, VersionConflict } from '../../errors.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import { batchGetItems } from '../table/batch-get.ts';
import { counterpartyKeys } from '../table/keys.ts';
import { mapPage, matchingFilter, queryPage } from '../table/paginate.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * A company's counterparties: one item each, keyed by id, listed on gsi1 by creation time, with
 * the folded text of its names (`searchText`) the keyword is matched against.
 */
const FIELDS = ['companyId', 'counterpartyId', 'name', 'country', 'taxRegistrationNumber', 'active', 'version', 'createdAt', 'updatedAt'] as const;
const counterpartyFromItem = (item: Item) => recordOf<CounterpartyRecord>(item, FIELDS);

const itemOf = (c: CounterpartyRecord, searchText: string) => ({
  ...counterpartyKeys.counterparty(c.companyId, c.counterpartyId),
  ...counterpartyKeys.counterpartyByCreation(c.companyId, c.createdAt, c.counterpartyId),
  entity: 'Counterparty',
  ...c,
  searchText,
});

/** The counterparty with this id, or undefined (strongly consistent). */
export async function getCounterparty(companyId: string, counterpartyId: string): Promise<CounterpartyRecord | undefined> {
  const item = await getItem(counterpartyKeys.counterparty(companyId, counterpartyId), { consistent: true });
  return item && counterpartyFromItem(item);
}

/** The counterparties with these ids that exist (strongly consistent, in batches). */
export async function getCounterparties(companyId: string, counterpartyIds: string[]): Promise<CounterpartyRecord[]> {
  const items = await batchGetItems(counterpartyIds.map((id) => counterpartyKeys.counterparty(companyId, id)), { consistent: true });
  return items.map(counterpartyFromItem);
}

export function createCounterpartyOp(counterparty: CounterpartyRecord, searchText: string): WriteOp {
  return mainTable.put(itemOf(counterparty, searchText), { condition: conditions.absent });
}

/** A versioned replace; a counterparty changed meanwhile is 409. */
export function replaceCounterpartyOp(before: CounterpartyRecord, after: CounterpartyRecord, searchText: string): WriteOp {
  return mainTable.put(itemOf(after, searchText), {
    condition: conditions.atVersion(before.version),
    returnOld: true,
    onConditionFailed: (old) => (old ? new VersionConflict() : new NotFound('The counterparty')),
  });
}

/** One page by creation time (newest first unless `orderAsc`), narrowed by `filters` (a FilterExpression). */
export async function counterpartiesPage(companyId: string, query: ListQuery, filters: CounterpartyFilters): Promise<Page<CounterpartyRecord>> {
  const { keyword, ...equal } = filters;
  const page = await queryPage({
    index: 'gsi1',
    partition: counterpartyKeys.counterpartyListPartition(companyId),
    pageSize: query.pageSize,
    page: query.page,
    binding: { companyId, endpoint: 'counterparties.list', orderBy: query.orderBy, orderAsc: query.orderAsc, filters: { ...filters } },
    ...matchingFilter(equal, { attribute: 'searchText', text: keyword }),
  });
  return mapPage(page, counterpartyFromItem);
}
