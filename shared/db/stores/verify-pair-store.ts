import type { TouchedPair } from '../../audit/balance-rules.ts';
import { config } from '../../config.ts';
import { bulkWrite } from '../table/batch-write.ts';
import * as keys from '../table/keys.ts';
import { withRange } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';

/**
 * The (account, period) pairs a paged Verify run's walk posted into, kept for the run's balance
 * checks (shared/audit/verify.ts), which walk them in key order after the events. Each request of
 * the walk puts what it saw under its own first event, so nothing is conditional and a request
 * retried puts the same items again; a read merges a pair's items: its first sequence, and busy
 * when any request saw a posting of it under way.
 */

/** A run's pairs go with the table's expiry after a day: no run is followed that long. */
const KEPT_SECONDS = 86_400;

/** Puts the pairs one request of run `runId`, starting at event `from`, walked. */
export async function keepTouchedPairs(companyId: string, runId: string, from: number, pairs: readonly TouchedPair[]): Promise<void> {
  const purgeAt = Math.floor(Date.now() / 1000) + KEPT_SECONDS;
  await bulkWrite(pairs.map((p) => ({ put: { ...keys.verifyPair(companyId, runId, p.periodId, p.accountId, from), entity: 'VerifyPair', ...p, purgeAt } })));
}

/** Where a walk over a run's pairs stands: after this pair (`<period>#<account>`). */
export const pairPosition = (pair: Pick<TouchedPair, 'accountId' | 'periodId'>) => `${pair.periodId}#${pair.accountId}`;

/**
 * Up to `limit` of the run's pairs after `after` (null: from the first), in key order, each
 * merged from its items (by period, then account); `more` when pairs are left after them.
 */
export async function verifyPairsAfter(companyId: string, runId: string, after: string | null, limit: number): Promise<{ pairs: TouchedPair[]; more: boolean }> {
  const pairs: TouchedPair[] = [];
  const query = { TableName: config.tableName, ...withRange(keys.verifyPairsPartition(companyId, runId), keys.verifyPairsAfter(after)), ConsistentRead: true, Limit: 4 * (limit + 1) };
  // Pages of a few items a pair: a request reads about the pairs it checks, not a 1 MB page of them.
  for await (const item of queryAll(query)) {
    const pair: TouchedPair = { accountId: String(item.accountId), periodId: String(item.periodId), yearId: String(item.yearId), sequence: Number(item.sequence), busy: item.busy === true };
    const last = pairs.at(-1);
    // A pair's items sort together: the next pair's first item means the last one is whole.
    if (last && last.accountId === pair.accountId && last.periodId === pair.periodId) {
      last.sequence = Math.min(last.sequence, pair.sequence);
      last.busy ||= pair.busy;
      continue;
    }
    if (pairs.length === limit) return { pairs, more: true };
    pairs.push(pair);
  }
  return { pairs, more: false };
}
