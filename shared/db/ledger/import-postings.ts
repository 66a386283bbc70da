import type { PostedJournal } from '../../journals/records.ts';
import { POSTING_SHARDS } from './balance-store.ts';
import type { Placed } from './placement.ts';

/**
 * An import's posted journal on the import's own balance shard: POSTING_SHARDS + the import's
 * first serial number, past every posting shard, which no other posting writes. So its items are
 * put with their totals over every journal of the import (ledger-fold.ts), and putting them
 * again after a crash changes nothing; a later Void of an imported journal takes its amounts off
 * the same items (it checks guard shard mod 64: posting-guards.ts guardOf).
 */
export function importedPosting(journal: PostedJournal, serialBase: number): PostedJournal {
  const placed: Placed<PostedJournal> = { ...journal, balanceShard: POSTING_SHARDS + serialBase };
  return placed;
}
