import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A read budget: items per second that the reads made within one bulk request (an export file,
 * a Verify page) may take from the table, with one second's worth at the start. Each read waits
 * while the items read so far are ahead of the budget, then counts the items it read. A bulk
 * reader so takes a share of the table (and of DynamoDB Local's machine) that its neighbours'
 * requests keep their pace; requests outside a pace are not held.
 */
export class ReadPace {
  private readonly started = performance.now();
  private spent = 0;

  constructor(private readonly itemsPerSecond: number) {}

  /** Resolves once the items read so far are within the budget. */
  async ready(): Promise<void> {
    const ahead = this.spent - this.itemsPerSecond * (1 + (performance.now() - this.started) / 1000);
    if (ahead > 0) await sleep((ahead / this.itemsPerSecond) * 1000);
  }

  spend(items: number): void {
    this.spent += items;
  }
}

const paces = new AsyncLocalStorage<ReadPace>();

/** Runs `work` with its table reads held to `itemsPerSecond` (0: not held). */
export function withReadPace<T>(itemsPerSecond: number, work: () => Promise<T>): Promise<T> {
  return itemsPerSecond > 0 ? paces.run(new ReadPace(itemsPerSecond), work) : work();
}

/** The read budget of the request running, if it has one. */
export function currentReadPace(): ReadPace | undefined {
  return paces.getStore();
}
