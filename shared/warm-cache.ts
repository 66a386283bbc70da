/**
 * Values read once and kept by a warm function for a short lifetime, so a request saves a
 * DynamoDB round trip. Each cache's user states what a stale value can do meanwhile and why
 * that is acceptable (docs/decisions.md, Capacity). The lifetime is asked on every read, so a
 * shorter one applies to values already kept too; 0 keeps nothing.
 */
export class WarmCache<V> {
  private readonly entries = new Map<string, { value: V; keptAt: number }>();

  /**
   * `lifetimeMs`: how long a value is served; `maxEntries`: the oldest go first beyond it;
   * `knownForMs`: how long a value is known (`lastKnown`), at least the lifetime; past the
   * lifetime it is never served.
   */
  constructor(
    private readonly lifetimeMs: () => number,
    private readonly maxEntries = 10_000,
    private readonly knownForMs: () => number = lifetimeMs,
  ) {}

  /** The value kept for `key` while it is younger than the lifetime, else undefined. */
  peek(key: string): V | undefined {
    return this.keptWithin(key, this.lifetimeMs());
  }

  /** The value last kept for `key`, served or past its lifetime, while younger than `knownForMs`: a guess for its user to confirm. */
  lastKnown(key: string): V | undefined {
    return this.keptWithin(key, this.knownForMs());
  }

  /** The value kept for `key` less than `ms` ago; one past `knownForMs` is forgotten. */
  private keptWithin(key: string, ms: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = Date.now() - entry.keptAt;
    if (age >= this.knownForMs()) this.entries.delete(key);
    return age < ms ? entry.value : undefined;
  }

  /** Keeps `value` for `key` from now for the lifetime. */
  keep(key: string, value: V): void {
    if (!(this.lifetimeMs() > 0)) return;
    this.entries.delete(key);
    this.entries.set(key, { value, keptAt: Date.now() });
    // A Map iterates in insertion order: the first key is the oldest kept.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * The value kept for `key`, else `load()`'s, kept when `worthKeeping` says so (a cache of
   * grants keeps no refusal, so a grant made elsewhere is seen at once); a value not worth
   * keeping also ends what was known of the key.
   */
  async get(key: string, load: () => Promise<V>, worthKeeping: (value: V) => boolean = () => true): Promise<V> {
    const kept = this.peek(key);
    if (kept !== undefined) return kept;
    const value = await load();
    if (worthKeeping(value)) this.keep(key, value);
    else this.forget(key);
    return value;
  }

  /** Forgets every key `matches` (a change this process made is then seen by its next request). */
  forgetWhere(matches: (key: string, value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(key, entry.value)) this.entries.delete(key);
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}
