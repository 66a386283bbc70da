/**
 * A binary min-heap ordered by `before`: the least of n values at hand in O(log n) a change,
 * for merging many sorted streams (a category's ledgers) without comparing every stream's head
 * at each step.
 */
export class MinHeap<T> {
  private readonly values: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.values.length;
  }

  /** The least value, left in place. */
  peek(): T | undefined {
    return this.values[0];
  }

  push(value: T): void {
    const values = this.values;
    let at = values.push(value) - 1;
    // Parents move down into the hole until the value's place is found, then it is written once.
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(value, values[parent]!)) break;
      values[at] = values[parent]!;
      at = parent;
    }
    values[at] = value;
  }

  /** Removes the least value. */
  pop(): T | undefined {
    const values = this.values;
    const least = values[0];
    const last = values.pop();
    if (values.length > 0 && last !== undefined) {
      values[0] = last;
      this.sinkFirst();
    }
    return least;
  }

  /** Puts the least value back in its place after it grew (its stream moved on). */
  sinkFirst(): void {
    const values = this.values;
    const value = values[0];
    if (value === undefined) return;
    let at = 0;
    // Lesser children move up into the hole until the value's place is found, then it is written once.
    for (;;) {
      const left = 2 * at + 1;
      if (left >= values.length) break;
      const right = left + 1;
      const child = right < values.length && this.before(values[right]!, values[left]!) ? right : left;
      if (!this.before(values[child]!, value)) break;
      values[at] = values[child]!;
      at = child;
    }
    values[at] = value;
  }
}
