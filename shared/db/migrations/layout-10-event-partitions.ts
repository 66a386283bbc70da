import { historyKeys } from '../table/keys.ts';
import * as keys from '../table/keys.ts';
import { moveItems } from './move-items.ts';

/**
 * Layout 10: numbered events (by sequence) and the records' histories (by record) under
 * partition keys of their own, moved from the company's key, where numbering wrote them before.
 */
export async function moveEventsAndHistories(companyId: string): Promise<number> {
  const beforeLayout10 = keys.company(companyId).pk;
  const events = await moveItems(beforeLayout10, keys.eventPrefix, (item) => keys.event(companyId, item.sequence as number));
  const versions = await moveItems(beforeLayout10, historyKeys.everyVersionPrefix, (item) => ({ pk: historyKeys.record(companyId, item.kind as string, item.recordId as string), sk: item.sk as string }));
  return events + versions;
}
