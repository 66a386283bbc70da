import { packedDayBalanceKey } from '../table/keys.ts';
import type { Item } from '../table/table-ops.ts';
import { PACKED, type Entry } from './unpacked-balances.ts';

/**
 * An import's day balance items, packed: one item per (day, totals or cost centers, shard)
 * holding the figures of every account of that day, instead of one item per account. An
 * import puts its own shard's items whole (import-postings.ts), and on sparse books a line is
 * an item of its own on its day (about 1.2 a line), so packing them is most of what an import
 * writes fewer (docs/decisions.md, Imports, "Packed day items"). Only day items: every read of
 * days is a run of days of every account (balanceKeys.dayBalanceRange), so a packed item is
 * found where its accounts' items would be; period items are read by account too, and stay one
 * an account. A later Void of an imported journal adds to the account's ordinary item of the
 * same shard, which reads add to the packed one. Readers unpack with unpacked-balances.ts (apart,
 * so a report's function bundles the reading only).
 */

/** JSON text of entries an item holds at most: far below DynamoDB's 400 KB an item, so a day of a large chart is a few parts. */
const PART_BYTES = 64_000;

/** A day item to pack: its day, totals or cost centers, shard, and what an ordinary item would hold. */
export interface DayFigures {
  day: string;
  costCenters: boolean;
  shard: number;
  accountId: string;
  costCenterId: string;
  figures: Record<string, string>;
}

/**
 * The packed items of the day figures: one per (day, totals or cost centers, shard), in parts of
 * at most PART_BYTES of entries, entries ordered by account then cost center, so the same
 * figures always pack into the same items.
 */
export function packedDayItems(companyId: string, days: Iterable<DayFigures>): Item[] {
  const groups = new Map<string, { first: DayFigures; entries: Entry[] }>();
  for (const d of days) {
    const id = `${d.day} ${d.costCenters} ${d.shard}`;
    const group = groups.get(id) ?? { first: d, entries: [] };
    group.entries.push([d.accountId, d.costCenterId, d.figures]);
    groups.set(id, group);
  }
  return [...groups.values()].flatMap(({ first, entries }) => {
    entries.sort(([a, ac], [b, bc]) => (a === b ? compare(ac, bc) : compare(a, b)));
    return inParts(entries).map((part, n) => ({ ...packedDayBalanceKey(companyId, first.day, first.costCenters, first.shard, n), entity: PACKED, entries: JSON.stringify(part) }));
  });
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function inParts(entries: Entry[]): Entry[][] {
  const parts: Entry[][] = [[]];
  let bytes = 0;
  for (const entry of entries) {
    const size = JSON.stringify(entry).length + 1;
    if (bytes + size > PART_BYTES && parts.at(-1)!.length > 0) {
      parts.push([]);
      bytes = 0;
    }
    parts.at(-1)!.push(entry);
    bytes += size;
  }
  return parts;
}
