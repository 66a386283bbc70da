/**
 * Transactions in flight, per item, in simulated time. A transaction holds each of its items
 * for its duration; another transaction touching one of them meanwhile is cancelled with
 * TransactionConflict, and a single write to a held item is refused with
 * TransactionConflictException ("Transaction conflict handling in DynamoDB"). The first to
 * arrive wins: of overlapping transactions, DynamoDB lets one through.
 * Whether two condition checks of one item conflict is a setting (`checksConflict`): AWS
 * documents no exception for them, so by default they do.
 */
export type Hold = 'write' | 'check';

interface Span {
  start: number;
  end: number;
  hold: Hold;
}

export class TransactionLocks {
  private readonly held = new Map<string, Span[]>();
  private latest = 0;
  private holds = 0;

  constructor(private readonly checksConflict: boolean) {}

  private clash = (a: Hold, b: Hold) => a === 'write' || b === 'write' || this.checksConflict;

  /** Indexes of the items held by another transaction at some instant of [start, end). */
  conflicting(items: ReadonlyArray<{ id: string; hold: Hold }>, start: number, end: number): number[] {
    return items.flatMap(({ id, hold }, i) => ((this.held.get(id) ?? []).some((s) => s.start < end && start < s.end && this.clash(s.hold, hold)) ? [i] : []));
  }

  /** Holds the items for [start, end). */
  hold(items: ReadonlyArray<{ id: string; hold: Hold }>, start: number, end: number): void {
    for (const { id, hold } of items) {
      const spans = this.held.get(id) ?? [];
      spans.push({ start, end, hold });
      this.held.set(id, spans);
    }
    this.latest = Math.max(this.latest, end);
    if (++this.holds % 1000 === 0) this.forgetBefore(this.latest - 60_000);
  }

  /** Drops spans that ended long before anything now in flight could start. */
  private forgetBefore(time: number): void {
    for (const [id, spans] of this.held) {
      const live = spans.filter((s) => s.end >= time);
      if (live.length === 0) this.held.delete(id);
      else this.held.set(id, live);
    }
  }

  clear(): void {
    this.held.clear();
    this.latest = 0;
  }
}
