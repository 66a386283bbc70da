/** The entity of an import's packed day balance item (packed-balances.ts); its `entries` hold the figures as JSON. */
export const PACKED = 'PackedBalances';

/** One account's (or account and cost center's) figures on the day: attribute name -> exact decimal text, as an item's. */
export type Entry = [accountId: string, costCenterId: string, figures: Record<string, string>];

/**
 * A balance item as the ordinary items it stands for: a packed item as one item per entry
 * (its sort key, `accountId`, `costCenterId` and figures), any other item as itself.
 */
export function unpackedBalances(item: Record<string, unknown>): Array<Record<string, unknown>> {
  if (item.entity !== PACKED) return [item];
  return (JSON.parse(item.entries as string) as Entry[]).map(([accountId, costCenterId, figures]) => ({ ...figures, sk: item.sk, accountId, costCenterId }));
}
