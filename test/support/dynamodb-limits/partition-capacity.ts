/**
 * Capacity per partition in windows of simulated time: a partition serves at most `perSecond`
 * units per second, counted in fixed windows (1 s by default, the limit scaled to the window).
 * A request that would take a partition over its window's limit is refused whole and consumes
 * nothing. Windows are keyed by simulated time, so requests may arrive out of order.
 */
export class PartitionCapacity {
  private readonly used = new Map<string, Map<number, number>>();
  private readonly perWindow: number;

  constructor(
    readonly perSecond: number,
    readonly windowMs: number,
  ) {
    this.perWindow = (perSecond * windowMs) / 1000;
  }

  private window = (at: number) => Math.floor(at / this.windowMs);

  /** Units already used in the window holding `at`. */
  usedAt(partition: string, at: number): number {
    return this.used.get(partition)?.get(this.window(at)) ?? 0;
  }

  /** The partitions (of those asked) that cannot take their units at `at`; empty when all can. */
  shortOf(demands: ReadonlyMap<string, number>, at: number): string[] {
    return [...demands].filter(([partition, units]) => this.usedAt(partition, at) + units > this.perWindow).map(([partition]) => partition);
  }

  /** Whether the partition has any capacity left at `at` (reads are sized only after they are served). */
  hasRoom(partition: string, at: number): boolean {
    return this.usedAt(partition, at) < this.perWindow;
  }

  /** Adds (or, negative, gives back) units in the window holding `at`. */
  add(partition: string, units: number, at: number): void {
    let windows = this.used.get(partition);
    if (!windows) this.used.set(partition, (windows = new Map()));
    const w = this.window(at);
    windows.set(w, (windows.get(w) ?? 0) + units);
  }

  /** Units the partition used in each of the `count` windows before the one holding `at`. */
  recentWindows(partition: string, at: number, count: number): number[] {
    const w = this.window(at);
    return Array.from({ length: count }, (_, i) => this.used.get(partition)?.get(w - 1 - i) ?? 0);
  }

  /** The busiest partition and its units per second (its fullest window, scaled to a second). */
  busiest(): { partition: string; unitsPerSecond: number } | undefined {
    let best: { partition: string; unitsPerSecond: number } | undefined;
    for (const [partition, windows] of this.used) {
      const peak = Math.max(...windows.values());
      const unitsPerSecond = (peak * 1000) / this.windowMs;
      if (!best || unitsPerSecond > best.unitsPerSecond) best = { partition, unitsPerSecond };
    }
    return best;
  }

  clear(): void {
    this.used.clear();
  }
}
