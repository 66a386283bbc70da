import type { PartitionCapacity } from './partition-capacity.ts';

/**
 * "Split for heat": after a table partition key's range of sort keys has carried at least
 * `threshold` of a partition's limit for `sustainedWindows` windows in a row, DynamoDB splits
 * it in two at a sort key inside the load, and each half has a partition's full limit. One item
 * never splits (every write of it lands in one range), and index keys never split here.
 */
export interface SplitForHeat {
  sustainedWindows: number;
  /** Fraction of the partition's limit (0-1) that counts as hot. */
  threshold: number;
  /** Ranges one partition key may end up in. */
  maxRanges: number;
}

interface Range {
  lower: string;
  id: string;
  /** Simulated ms from which its load counts towards a split. */
  since: number;
  /** Units per sort key written since `since`, to choose where to split. */
  load: Map<string, number>;
}

export class KeyRanges {
  private readonly ranges = new Map<string, Range[]>();
  private generation = 0;
  /** Splits made, for the report: partition key, sort key split at, simulated ms. */
  readonly splits: Array<{ key: string; at: string; time: number }> = [];

  constructor(private readonly policy: SplitForHeat | undefined) {}

  private rangesOf(key: string): Range[] {
    let list = this.ranges.get(key);
    if (!list) this.ranges.set(key, (list = [{ lower: '', id: key, since: 0, load: new Map() }]));
    return list;
  }

  private rangeOf(key: string, sortKey: string): Range {
    const list = this.rangesOf(key);
    let found = list[0]!;
    for (const range of list) if (range.lower <= sortKey) found = range;
    return found;
  }

  /** The partition a table item is served by. */
  partitionOf(key: string, sortKey: string): string {
    return this.rangeOf(key, sortKey).id;
  }

  /** Records a write of `units` to the item; splits its range when the load has been sustained. */
  observe(key: string, sortKey: string, units: number, at: number, capacity: PartitionCapacity): void {
    if (!this.policy) return;
    const range = this.rangeOf(key, sortKey);
    if (at < range.since) return;
    range.load.set(sortKey, (range.load.get(sortKey) ?? 0) + units);
    const { sustainedWindows, threshold, maxRanges } = this.policy;
    const list = this.rangesOf(key);
    if (list.length >= maxRanges) return;
    const windowMs = capacity.windowMs;
    if (at - range.since < sustainedWindows * windowMs) return;
    const hot = capacity.recentWindows(range.id, at, sustainedWindows).every((u) => u >= (threshold * capacity.perSecond * windowMs) / 1000);
    if (!hot) return;
    const at2 = splitPoint(range);
    if (at2 === undefined) return;
    const from = Math.floor(at / windowMs + 1) * windowMs;
    const low: Range = { lower: range.lower, id: `${key}~${++this.generation}`, since: from, load: new Map() };
    const high: Range = { lower: at2, id: `${key}~${++this.generation}`, since: from, load: new Map() };
    list.splice(list.indexOf(range), 1, low, high);
    this.splits.push({ key, at: at2, time: at });
  }

  clear(): void {
    this.ranges.clear();
    this.splits.length = 0;
  }
}

/** The sort key at the load's weighted median, above the range's lowest key; none for one hot item. */
function splitPoint(range: Range): string | undefined {
  const keys = [...range.load.keys()].sort();
  if (keys.length < 2) return undefined;
  const total = [...range.load.values()].reduce((a, b) => a + b, 0);
  let sum = 0;
  for (const [i, key] of keys.entries()) {
    sum += range.load.get(key)!;
    if (sum * 2 >= total) return i === 0 ? keys[1] : key;
  }
  return undefined;
}
