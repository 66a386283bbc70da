import { knownKeys } from '../table/keys.ts';
import * as keys from '../table/keys.ts';
import { moveItems } from './move-items.ts';

/** Layout 11: book changes under partition keys of their own (by their event's number), moved from the company's key. */
export function moveBookChanges(companyId: string): Promise<number> {
  return moveItems(keys.company(companyId).pk, knownKeys.bookChangePrefix, (item) => ({ pk: knownKeys.bookChangePartition(companyId, item.sequence as number), sk: item.sk as string }));
}
