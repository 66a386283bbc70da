import type { NumberingRules } from '../../events/store.ts';
import { openSpan } from '../stores/open-span.ts';
import { eventHead, pendingAtHome, pendingInShards, SequenceMoved } from './event-store.ts';
import { mayNarrow, readsWide, wideForFormerWriters } from './pending-width.ts';
import { narrowPendingReads, readWidth, startWidth } from './pending-width-store.ts';

/** Events a claim takes at most (numbering-claim-store.ts: its item lists each one's pending key and hashes, some 100 bytes compressed). */
export const CLAIM_MOST = 400;
/**
 * Pending events a round reads from each shard: a busy company's backlog is spread evenly over
 * the 32, so 32 of each find a claim's oldest 400 or close (the rules' `oldest`, events/pending-order.ts, keeps only
 * those known to be the oldest).
 */
const SHARD_READ = 32;
/** Rounds per call: a call does bounded work; what is left is numbered by the next call. */
const MAX_ROUNDS = 20;

/**
 * After a wide read: a company from before the width item reads wide for a while yet, then like
 * any other; reads narrow again once the shards were found empty long enough after the last pin
 * a writer could spread under.
 */
async function settleWidth(companyId: string, wideUntil: number | undefined, startedAt: number, shards: ReadonlyArray<readonly unknown[]>): Promise<void> {
  if (wideUntil === undefined) await startWidth(companyId, wideForFormerWriters(startedAt));
  else if (mayNarrow(wideUntil, startedAt) && shards.every((events) => events.length === 0)) await narrowPendingReads(companyId, wideUntil);
}

/**
 * Gives the company's pending events their sequence numbers, oldest first, chains them
 * (`rules`: events/numbering-rules.ts) and keeps the history of the records they change (db/stores/history-store.ts) and
 * what they did to the books (audit/record-book-changes.ts, and its summaries:
 * record-summaries.ts), in claims (numbering-claim-store.ts, claim-fill.ts); safe to run by
 * any number of callers at once (the feed before reading, the dispatcher after each write): a
 * caller that lost a race reads again, and one that finds a claim open waits for it, so when it
 * returns every event that committed before it was called is below the head.
 * Returns how many events it numbered.
 */
export async function sequenceEvents(rules: NumberingRules, companyId: string): Promise<number> {
  let numbered = 0;
  // Whether the last round read the shards: the next reads them beside the width, not after it (a wide read is always safe).
  let wasWide = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // Only events stamped before this round's reads began (events/pending-order.ts); later ones wait for the next round or call.
    const startedAt = Date.now();
    const early = wasWide ? pendingInShards(companyId, SHARD_READ) : undefined;
    // Handled at once: a round that fails before awaiting it (or does not need it) leaves no unhandled rejection.
    early?.catch(() => undefined);
    const [head, home, wideUntil, open] = await Promise.all([eventHead(companyId), pendingAtHome(companyId, CLAIM_MOST), readWidth(companyId), openSpan(companyId)]);
    if (head.filling) {
      const batch = await numbering(rules);
      numbered += await batch.steps.settleClaim(batch.rules, companyId, head.filling);
      continue;
    }
    // The shards only while the company's events may be spread (pending-width.ts): a quiet company's round reads one partition, not 33.
    const wide = readsWide(wideUntil);
    const shards = wide ? await (early ?? pendingInShards(companyId, SHARD_READ)) : [];
    wasWide = wide;
    if (wide) await settleWidth(companyId, wideUntil, startedAt, shards.map((read) => read.events));
    const pending = rules.oldest([...home, ...shards], CLAIM_MOST, new Date(startedAt).toISOString());
    if (pending.events.length === 0) break;
    try {
      const batch = await numbering(rules);
      const claimed = await batch.steps.claimAndFill(batch.rules, companyId, head, open, pending.events);
      numbered += claimed;
      // Every event stamped before the round was read and numbered: one stamped since has a dispatch of its own to come (the
      // stream names its company once it commits), so a lone write is not followed by a round that reads every pending partition to find nothing.
      if (!pending.more && claimed === pending.events.length) break;
    } catch (error) {
      if (!(error instanceof SequenceMoved)) throw error;
    }
  }
  return numbered;
}

/**
 * The numbering of a batch (number-batch.ts) and its rules, loaded when a round finds events to
 * number or a claim to wait for: most calls from a request (a report, a close, a feed read) find
 * none, the dispatcher having numbered them after their writes, so their functions start without it.
 */
async function numbering(rules: NumberingRules) {
  const [steps, filling] = await Promise.all([import('./number-batch.ts'), rules.filling()]);
  return { steps, rules: filling };
}
