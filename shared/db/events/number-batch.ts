import type { Span } from '../../audit/book-summaries.ts';
import { config } from '../../config.ts';
import type { EventHead } from '../../events/numbering.ts';
import type { PendingEvent } from '../../events/records.ts';
import type { FillingRules } from '../../events/store.ts';
import type { Change } from '../../unit-of-work.ts';
import { bookChangeRecording, summaryRecording } from '../stores/audit-recording-ports.ts';
import { MAX_TRANSACTION_ITEMS, transactWrite } from '../table/transact.ts';
import { advance, eventWrites, finishClaim, tooLarge, withEntryNumberOps, writeSlices } from './claim-fill.ts';
import { eventHead, pendingByKey, SequenceMoved } from './event-store.ts';
import { FILL_BYTES, fillSlices, type EventWrites } from './fill-slices.ts';
import { claimOf, claimOps, counterMoveOp } from './numbering-claim-store.ts';
import { reportRepairedText } from './repaired-text.ts';
import { numberedJournals } from '../ledger/entry-number-reads.ts';

/** What giving entry numbers reads (audit/entry-numbers.ts). */
const entryNumberReads = { numberedJournals };

/*
 * The numbering of a batch of pending events (the sequencer's rounds, sequencer.ts, load it when
 * they find some): chained, with the audit's records of what they did and the entry numbers of
 * the journals they put on the books, in one transaction or in a claim (numbering-claim-store.ts,
 * claim-fill.ts).
 */

export { settleClaim } from './claim-fill.ts';

/**
 * Numbers the oldest of `pending` from `head` on: in one transaction when they fit one, else
 * claims them with the summaries they move on (halving the batch when those would not fit the
 * claim's transaction, or DynamoDB refuses it for its size), writes them in slices, advances.
 * Returns how many it numbered.
 * Errors: SequenceMoved (another sequencer claimed first).
 */
export async function claimAndFill(rules: FillingRules, companyId: string, head: EventHead & { entries: number }, open: Span | undefined, pending: readonly PendingEvent[]): Promise<number> {
  const half = (n: number) => Math.ceil(n / 2);
  for (let take = pending.length; ; ) {
    const batch = rules.number(head, pending.slice(0, take), config.auditChain);
    const book = await rules.bookChanges(bookChangeRecording, companyId, batch.numbered);
    const [summaries, entries] = await Promise.all([
      rules.summaries(summaryRecording, companyId, open, { first: head.next, last: batch.head.next - 1 }, book.changes),
      rules.entryNumbers(entryNumberReads, companyId, head.entries, book.changes),
    ]);
    if (summaries.length + CLAIM_ITEMS > MAX_TRANSACTION_ITEMS && take > 1) {
      take = half(take);
      continue;
    }
    const writes = eventWrites(rules, companyId, batch.numbered, withEntryNumberOps(companyId, book.ops, entries.assigned));
    if (await numberedAtOnce(companyId, head, { ...batch.head, entries: entries.entries }, batch.numbered[0]!, summaries, writes)) return numberedCount(companyId, batch);
    if (!config.numberingClaims) {
      if (take === 1) throw new Error(`Event ${batch.numbered[0]!.eventId} of company ${companyId} does not fit one transaction with its writes`);
      // Without claims, the events whose writes fit one transaction beside the counter and summaries: read again once, not halved down to it.
      take = Math.min(take - 1, fillSlices(writes, MAX_TRANSACTION_ITEMS - 1 - summaries.length)[0]!.length);
      continue;
    }
    await confirmUnnumbered(companyId, head, batch.numbered);
    const claim = claimOf(batch.numbered, Date.now(), entries.assigned);
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
async function numberedAtOnce(companyId: string, head: EventHead & { entries: number }, to: EventHead & { entries: number }, first: PendingEvent, summaries: Change[], writes: ReadonlyArray<EventWrites & { ops: Change[] }>): Promise<boolean> {
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
