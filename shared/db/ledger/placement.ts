import type { JournalRecord } from '../../journals/records.ts';

/**
 * Where a posting's amounts went: the balance shard and lane it drew (balance-store.ts), kept on
 * its journal's item beside the record, so taking the posting back finds the same items. The
 * domain's journal records do not name them: a journal read from its item carries them along
 * (journalFromItem reads them with the record), and so does every state the domain makes from
 * it by spreading its fields; the books place a new posting (books-store.ts).
 */
export interface Placement {
  /** The balance shard its amounts were added to. */
  balanceShard: number;
  /** Its lane within the shard on a hot account; absent on journals posted before lanes, and on imported and revaluation ones: lane 0. */
  balanceLane?: number;
}

export type Placed<J> = J & Placement;

/** The journal with the placement it was read with (a posted, reversed, in-progress or voided posted journal's item has one). */
export const placed = <J extends object>(journal: J): Placed<J> => journal as Placed<J>;

/** A draft's item keeps no placement: a journal adjusted back to draft leaves its posting's. */
export function withoutPlacement<J extends JournalRecord>(journal: J): J {
  if (!('balanceShard' in journal) && !('balanceLane' in journal)) return journal;
  const { balanceShard: _shard, balanceLane: _lane, ...record } = journal as Placed<J>;
  return record as unknown as J;
}
