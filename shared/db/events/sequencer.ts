import type { Span } from '../../audit/book-summaries.ts';
import { config } from '../../config.ts';
import type { EventHead } from '../../events/numbering.ts';
import type { PendingEvent } from '../../events/records.ts';
import type { NumberingRules } from '../../events/store.ts';
import type { Change } from '../../unit-of-work.ts';
import { bookChangeRecording, summaryRecording } from '../stores/audit-recording-ports.ts';
import { openSpan } from '../stores/book-summary-store.ts';
import { MAX_TRANSACTION_ITEMS, transactWrite } from '../table/transact.ts';
import { advance, eventWrites, finishClaim, settleClaim, tooLarge, writeSlices } from './claim-fill.ts';
import { eventHead, pendingAtHome, pendingByKey, pendingInShards, SequenceMoved } from './event-store.ts';
import { FILL_BYTES, fillSlices, type EventWrites } from './fill-slices.ts';
import { claimOf, claimOps, counterMoveOp } from './numbering-claim-store.ts';
import { mayNarrow, readsWide, wideForFormerWriters } from './pending-width.ts';
import { narrowPendingReads, readWidth, startWidth } from './pending-width-store.ts';
import { reportRepairedText } from './repaired-text.ts';

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
      numbered += await settleClaim(rules, companyId, head.filling);
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
      const claimed = await claimAndFill(rules, companyId, head, open, pending.events);
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
 * Numbers the oldest of `pending` from `head` on: in one transaction when they fit one, else
 * claims them with the summaries they move on (halving the batch when those would not fit the
 * claim's transaction, or DynamoDB refuses it for its size), writes them in slices, advances.
 * Returns how many it numbered.
 * Errors: SequenceMoved (another sequencer claimed first).
 */
async function claimAndFill(rules: NumberingRules, companyId: string, head: EventHead, open: Span | undefined, pending: readonly PendingEvent[]): Promise<number> {
  const half = (n: number) => Math.ceil(n / 2);
  for (let take = pending.length; ; ) {
    const batch = rules.number(head, pending.slice(0, take), config.auditChain);
    const book = await rules.bookChanges(bookChangeRecording, companyId, batch.numbered);
    const summaries = await rules.summaries(summaryRecording, companyId, open, { first: head.next, last: batch.head.next - 1 }, book.changes);
    if (summaries.length + CLAIM_ITEMS > MAX_TRANSACTION_ITEMS && take > 1) {
      take = half(take);
      continue;
    }
    const writes = eventWrites(rules, companyId, batch.numbered, book.ops);
    if (await numberedAtOnce(companyId, head, batch.head, batch.numbered[0]!, summaries, writes)) return numberedCount(companyId, batch);
    if (!config.numberingClaims) {
      if (take === 1) throw new Error(`Event ${batch.numbered[0]!.eventId} of company ${companyId} does not fit one transaction with its writes`);
      // Without claims, the events whose writes fit one transaction beside the counter and summaries: read again once, not halved down to it.
      take = Math.min(take - 1, fillSlices(writes, MAX_TRANSACTION_ITEMS - 1 - summaries.length)[0]!.length);
      continue;
    }
    await confirmUnnumbered(companyId, head, batch.numbered);
    const claim = claimOf(batch.numbered, Date.now());
    try {
      await transactWrite([...claimOps(companyId, head, claim, batch.numbered[0]!), ...summaries]);
    } catch (error) {
      if (!tooLarge(error) || take === 1) throw error;
      take = half(take);
      continue;
    }
    if (await writeSlices(writes)) await advance(companyId, claim);
    else await finishClaim(rules, companyId, claim);
    return numberedCount(companyId, batch);
  }
}

/** How many a committed batch numbered; any whose text was repaired to be hashed is reported for an operator. */
function numberedCount(companyId: string, batch: { numbered: readonly unknown[]; repaired: readonly string[] }): number {
  if (batch.repaired.length > 0) reportRepairedText(companyId, batch.repaired);
  return batch.numbered.length;
}

/**
 * Numbers a batch in one transaction with the counter when its items fit one (most rounds: a
 * write or a few); whether it did. False when they do not, or DynamoDB refused it for its size
 * (the batch is then claimed and written in slices).
 * Errors: SequenceMoved.
 */
async function numberedAtOnce(companyId: string, head: EventHead, to: EventHead, first: PendingEvent, summaries: Change[], writes: ReadonlyArray<EventWrites & { ops: Change[] }>): Promise<boolean> {
  const ops = [counterMoveOp(companyId, head, to, first), ...summaries, ...writes.flatMap((w) => w.ops)];
  if (ops.length > MAX_TRANSACTION_ITEMS || writes.reduce((n, w) => n + w.bytes, 0) > FILL_BYTES) return false;
  try {
    await transactWrite(ops);
    return true;
  } catch (error) {
    if (tooLarge(error)) return false;
    throw error;
  }
}

/**
 * Whether the batch is still unnumbered, before it is claimed: its pending events were read
 * beside the head, not after it, so one numbered by another sequencer between the two reads
 * would be claimed again (a claim checks the counter, not each pending item as the one
 * transaction does). The head is read again, then the pending items: any numbering since
 * moves the counter, and the claim's condition then fails.
 * Errors: SequenceMoved.
 */
async function confirmUnnumbered(companyId: string, head: EventHead, events: readonly PendingEvent[]): Promise<void> {
  const now = await eventHead(companyId);
  if (now.next !== head.next || now.filling) throw new SequenceMoved();
  const still = await pendingByKey(events.map((e) => e.pendingKey));
  if (still.size !== events.length) throw new SequenceMoved();
}

/** Items of a claim's transaction besides the summaries: the counter and the claim. */
const CLAIM_ITEMS = 2;
