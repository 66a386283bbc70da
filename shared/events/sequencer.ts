import { bookChangeItems, bookChangeOps } from '../audit/record-book-changes.ts';
import { AUDITED_KIND_OF } from '../audit/record-state.ts';
import { summaryOps } from '../audit/record-summaries.ts';
import { openSpan } from '../db/book-summary-store.ts';
import { config } from '../config.ts';
import { eventHead, pendingAtHome, pendingInShards, SequenceMoved, sequenceOps, type PendingEvent } from '../db/event-store.ts';
import { narrowPendingReads, readWidth, startWidth } from '../db/pending-width-store.ts';
import { historyOp } from '../db/history-store.ts';
import { MAX_TRANSACTION_ITEMS, transactWrite } from '../db/transact.ts';
import { numberEvents } from './numbering.ts';
import { oldestPending } from './pending-order.ts';
import { mayNarrow, readsWide, wideForFormerWriters } from './pending-width.ts';

/** Pending events read per round: at most what one transaction can number (two items each plus the counter). */
export const SEQUENCE_BATCH = 49;
/** Rounds per call: a call does bounded work; what is left is numbered by the next call. */
const MAX_ROUNDS = 20;

/**
 * Bytes of event data a numbering transaction carries at most: each state is written up to three
 * times (event, history, book change), and the blocks of summaries it seals add a fraction of
 * that, within DynamoDB's 4 MB per transaction.
 */
const MAX_BATCH_BYTES = 900_000;

/**
 * The oldest pending events that fit one transaction: the counter and the open stretch of the
 * summaries, two items per event, a history item for each journal, account or cost center, the
 * book changes and period states they record (audit/record-book-changes.ts), and a sealed block
 * per change at most (audit/record-summaries.ts); the first event always.
 */
function fitting(pending: readonly PendingEvent[]): PendingEvent[] {
  let items = 2;
  let bytes = 0;
  const batch: PendingEvent[] = [];
  for (const event of pending) {
    items += (AUDITED_KIND_OF[event.type] ? 3 : 2) + bookChangeItems(event);
    bytes += event.omittedState?.length ?? (event.data ? JSON.stringify(event.data).length : 0);
    if (batch.length > 0 && (items > MAX_TRANSACTION_ITEMS || bytes > MAX_BATCH_BYTES)) break;
    batch.push(event);
  }
  return batch;
}

/** DynamoDB's refusal of a transaction past 4 MB, or of an item past 400 KB. */
const tooLarge = (error: unknown) => error instanceof Error && error.name === 'ValidationException' && /larger than 4 ?MB|maximum allowed size/i.test(error.message);

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
 * (numbering.ts) and keeps the history of the records they change (db/history-store.ts) and
 * what they did to the books (audit/record-book-changes.ts, and its summaries:
 * record-summaries.ts), in batches; safe to run by any number of callers at once (the feed
 * before reading, the dispatcher after each write): a caller that lost a race reads again.
 * Returns how many events it numbered.
 */
export async function sequenceEvents(companyId: string): Promise<number> {
  let numbered = 0;
  // Events a round takes at most: halved after a transaction DynamoDB refused for its size, for the rest of the call.
  let most = SEQUENCE_BATCH;
  // Whether the last round read the shards: the next reads them beside the width, not after it (a wide read is always safe).
  let wasWide = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // Only events stamped before this round's reads began (events/pending-order.ts); later ones wait for the next round or call.
    const startedAt = Date.now();
    const early = wasWide ? pendingInShards(companyId, SEQUENCE_BATCH) : undefined;
    // Handled at once: a round that fails before awaiting it (or does not need it) leaves no unhandled rejection.
    early?.catch(() => undefined);
    const [head, home, wideUntil, open] = await Promise.all([eventHead(companyId), pendingAtHome(companyId, SEQUENCE_BATCH), readWidth(companyId), openSpan(companyId)]);
    // The shards only while the company's events may be spread (pending-width.ts): a quiet company's round reads one partition, not 33.
    const wide = readsWide(wideUntil);
    const shards = wide ? await (early ?? pendingInShards(companyId, SEQUENCE_BATCH)) : [];
    wasWide = wide;
    if (wide) await settleWidth(companyId, wideUntil, startedAt, shards);
    const pending = oldestPending([...home, ...shards], SEQUENCE_BATCH, new Date(startedAt).toISOString());
    if (pending.length === 0) break;
    const batch = numberEvents(head, fitting(pending).slice(0, most), config.auditChain);
    const history = batch.numbered.flatMap((event) => {
      const kind = AUDITED_KIND_OF[event.type];
      return kind ? [historyOp(kind, event)] : [];
    });
    const changes = await bookChangeOps(companyId, batch.numbered);
    const summaries = await summaryOps(companyId, open, { first: head.next, last: batch.head.next - 1 }, changes.changes);
    try {
      await transactWrite([...sequenceOps(companyId, head, batch.head, batch.numbered), ...history, ...changes.ops, ...summaries]);
      numbered += batch.numbered.length;
      // Every event stamped before the round was read and numbered: one stamped since has a dispatch of its own to come (the
      // stream names its company once it commits), so a lone write is not followed by a round that reads every pending partition to find nothing.
      if (pending.length < SEQUENCE_BATCH && batch.numbered.length === pending.length) break;
    } catch (error) {
      // The batch's bytes are estimated (event data; the lines a reversal or revaluation reads, and the blocks sealed, come on top).
      if (tooLarge(error) && batch.numbered.length > 1) most = Math.ceil(batch.numbered.length / 2);
      else if (!(error instanceof SequenceMoved)) throw error;
    }
  }
  return numbered;
}
