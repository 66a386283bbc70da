import { describe, expect, it } from 'vitest';
import { BALANCE_SHARDS, CURRENCY_SHARDS, pickOtherShard, pickShard } from '../../../shared/db/balance-store.ts';

/** Where a posting's balance updates land: a posting with currency figures in the first CURRENCY_SHARDS only. */
describe('balance shards', () => {
  it('puts postings with currency figures in the first shards, others in any, and picks a different shard from the same set', () => {
    const draws = (f: () => number) => new Set(Array.from({ length: 400 }, f));
    expect([...draws(() => pickShard(true))].sort()).toEqual(Array.from({ length: CURRENCY_SHARDS }, (_, i) => i));
    expect([...draws(() => pickShard())].sort()).toEqual(Array.from({ length: BALANCE_SHARDS }, (_, i) => i));
    for (let shard = 0; shard < CURRENCY_SHARDS; shard++) {
      const others = draws(() => pickOtherShard(shard, true));
      expect(others.has(shard)).toBe(false);
      expect([...others].every((s) => s >= 0 && s < CURRENCY_SHARDS)).toBe(true);
    }
  });
});
