import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountShard, BALANCE_SHARDS, CURRENCY_SHARDS, HOT_LANES, isHot, markHot, pickLane, pickOtherShard, pickShard, POSTING_SHARDS } from '../../../shared/db/ledger/balance-store.ts';
import { balanceKeys } from '../../../shared/db/table/keys.ts';

/**
 * Where a posting's balance updates land: one posting shard and lane for the whole posting; an
 * account that is not hot folds the shard onto its BALANCE_SHARDS (with currency figures, its
 * first CURRENCY_SHARDS) in lane 0, a hot one uses the shard in the posting's lane; an import's
 * own shard, past the posting shards, stays its own.
 */
describe('balance shards', () => {
  const draws = <T>(f: () => T, n = 4000) => new Set(Array.from({ length: n }, f));
  const posting = () => ({ balanceShard: pickShard(), balanceLane: pickLane() });
  const itemOf = (at: { shard: number; lane: number }) => balanceKeys.balance('c', { period: 'p' }, 'a', null, at).sk;

  it('draws posting shards from all POSTING_SHARDS and lanes from all HOT_LANES', () => {
    expect([...draws(() => pickShard())].sort((a, b) => a - b)).toEqual(Array.from({ length: POSTING_SHARDS }, (_, i) => i));
    expect([...draws(pickLane)].sort()).toEqual(Array.from({ length: HOT_LANES }, (_, i) => i));
  });

  it('folds a posting onto a cold account\'s shards in lane 0: currency figures in the first CURRENCY_SHARDS only', () => {
    const cold = randomUUID();
    expect([...draws(() => JSON.stringify(accountShard(posting(), cold, true)))].sort()).toEqual(Array.from({ length: CURRENCY_SHARDS }, (_, i) => JSON.stringify({ shard: i, lane: 0 })));
    expect(draws(() => JSON.stringify(accountShard(posting(), cold, false))).size).toBe(BALANCE_SHARDS);
    expect(accountShard({ balanceShard: POSTING_SHARDS + 17, balanceLane: 3 }, cold, false)).toEqual({ shard: POSTING_SHARDS + 17, lane: 0 });
  });

  it('spreads an account over every shard and lane once a conflict marked it hot; a journal from before lanes is in lane 0', () => {
    const account = randomUUID();
    expect(isHot(account)).toBe(false);
    markHot(account);
    expect(isHot(account)).toBe(true);
    expect(draws(() => itemOf(accountShard(posting(), account, true)), 8000).size).toBe(POSTING_SHARDS * HOT_LANES);
    expect(accountShard({ balanceShard: 5 }, account, false)).toEqual({ shard: 5, lane: 0 });
    // Lane 0 keeps the item a shard had before lanes.
    expect(itemOf({ shard: 5, lane: 0 })).toBe('BAL#T#P#p#a#5');
  });

  it('picks another shard that lands on another item in every account, hot or cold, whatever the lanes', () => {
    const hot = randomUUID();
    markHot(hot);
    for (let shard = 0; shard < POSTING_SHARDS; shard++) {
      for (let i = 0; i < 50; i++) {
        const other = pickOtherShard(shard, true);
        expect(other).toBeGreaterThanOrEqual(0);
        expect(other).toBeLessThan(POSTING_SHARDS);
        for (const [account, withCurrencies] of [[randomUUID(), true], [randomUUID(), false], [hot, true]] as const) {
          expect(itemOf(accountShard({ balanceShard: other, balanceLane: pickLane() }, account, withCurrencies))).not.toBe(itemOf(accountShard({ balanceShard: shard, balanceLane: pickLane() }, account, withCurrencies)));
        }
      }
    }
  });
});
