/**
 * Stands in for `mnemonist/lru-cache` in the functions' bundles. The DynamoDB client creates an
 * endpoint-discovery cache (@aws-sdk/endpoint-cache) whether or not discovery is on, and
 * mnemonist brings about 7 KB (with obliterator) for it. This is the part of its LRUCache the
 * endpoint cache calls (get, peek, set, has, clear), on a Map, whose insertion order is the
 * recency order.
 */
export default class LRUCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  /** The value, marked as the most recently used. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The value, leaving the recency order alone. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Stores the value as the most recently used, evicting the least recently used beyond capacity. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
