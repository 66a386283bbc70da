import { setTimeout as sleep } from 'node:timers/promises';
import { paces, type Pace } from './current-read-pace.ts';

/**
 * A read budget: items per second that the reads made within one bulk request (an export file,
 * a Verify page) may take from the table, with `burstSeconds`' worth at the start (a request one
 * second's, an export job none: it has minutes, and its first second's reads would be its
 * neighbours' tail). Each read waits
 * while the items read so far are ahead of the budget, then counts the items it read. A bulk
 * reader so takes a share of the table (and of DynamoDB Local's machine) that its neighbours'
 * requests keep their pace; requests outside a pace are not held. A read within a pace also asks
 * for at most a tenth of a second's budget (`itemsPerRead`): on DynamoDB Local one read holds
 * the one database while it runs, so a neighbour's read waits behind a short one, not a long one.
 */
export class ReadPace implements Pace {
  private readonly started = performance.now();
  private spent = 0;
  readonly itemsPerRead: number;

  constructor(
    private readonly itemsPerSecond: number,
    private readonly burstSeconds = 1,
  ) {
    this.itemsPerRead = Math.max(MIN_ITEMS_PER_READ, Math.floor(itemsPerSecond / 10));
  }

  /** Resolves once the items read so far are within the budget. */
  async ready(): Promise<void> {
    const ahead = this.spent - this.itemsPerSecond * (this.burstSeconds + (performance.now() - this.started) / 1000);
    if (ahead > 0) await sleep((ahead / this.itemsPerSecond) * 1000);
  }

  spend(items: number): void {
    this.spent += items;
  }
}

/** Fewer items a read is not worth its round trip. */
const MIN_ITEMS_PER_READ = 25;

/** Runs `work` with its table reads held to `itemsPerSecond` (0: not held), `burstSeconds`' worth at once at the start (default 1). */
export function withReadPace<T>(itemsPerSecond: number, work: () => Promise<T>, options: { burstSeconds?: number } = {}): Promise<T> {
  return itemsPerSecond > 0 ? paces.run(new ReadPace(itemsPerSecond, options.burstSeconds), work) : work();
}
