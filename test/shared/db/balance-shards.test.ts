import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountShard, BALANCE_SHARDS, CURRENCY_SHARDS, isHot, markHot, pickOtherShard, pickShard, POSTING_SHARDS } from '../../../shared/db/balance-store.ts';

/**
 * Where a posting's balance updates land: one posting shard for the whole posting; an account that
 * is not hot folds it onto its BALANCE_SHARDS (with currency figures, its first CURRENCY_SHARDS),
 * a hot one uses it as it is; an import's own shard, past the posting shards, stays its own.
 */
describe('balance shards', () => {
  const draws = (f: () => number, n = 2000) => new Set(Array.from({ length: n }, f));

  it('draws posting shards from all POSTING_SHARDS', () => {
    expect([...draws(() => pickShard())].sort((a, b) => a - b)).toEqual(Array.from({ length: POSTING_SHARDS }, (_, i) => i));
  });

  it('folds a posting shard onto a cold account\'s shards: currency figures in the first CURRENCY_SHARDS only', () => {
    const cold = randomUUID();
    expect([...draws(() => accountShard(pickShard(), cold, true))].sort()).toEqual(Array.from({ length: CURRENCY_SHARDS }, (_, i) => i));
    expect([...draws(() => accountShard(pickShard(), cold, false))].sort()).toEqual(Array.from({ length: BALANCE_SHARDS }, (_, i) => i));
    expect(accountShard(POSTING_SHARDS + 17, cold, false)).toBe(POSTING_SHARDS + 17);
  });

  it('spreads an account over every posting shard once a conflict marked it hot', () => {
    const account = randomUUID();
    expect(isHot(account)).toBe(false);
    markHot(account);
    expect(isHot(account)).toBe(true);
    expect(draws(() => accountShard(pickShard(), account, true)).size).toBe(POSTING_SHARDS);
  });

  it('picks another shard that lands on another item in every account, hot or cold', () => {
    const hot = randomUUID();
    markHot(hot);
    for (let shard = 0; shard < POSTING_SHARDS; shard++) {
      for (let i = 0; i < 50; i++) {
        const other = pickOtherShard(shard, true);
        expect(other).toBeGreaterThanOrEqual(0);
        expect(other).toBeLessThan(POSTING_SHARDS);
        for (const [account, withCurrencies] of [[randomUUID(), true], [randomUUID(), false], [hot, true]] as const) {
          expect(accountShard(other, account, withCurrencies)).not.toBe(accountShard(shard, account, withCurrencies));
        }
      }
    }
  });
});
