import { AUDITED_KIND_OF } from '../audit/record-state.ts';
import { config } from '../config.ts';
import { eventHead, pendingEvents, SequenceMoved, sequenceOps, type PendingEvent } from '../db/event-store.ts';
import { historyOp } from '../db/history-store.ts';
import { MAX_TRANSACTION_ITEMS, transactWrite } from '../db/transact.ts';
import { numberEvents } from './numbering.ts';

/** Pending events read per round: at most what one transaction can number (two items each plus the counter). */
export const SEQUENCE_BATCH = 49;
/** Rounds per call: a call does bounded work; what is left is numbered by the next call. */
const MAX_ROUNDS = 20;

/** The oldest pending events that fit one transaction: the counter, two items per event, and a history item for each journal, account or cost center. */
function fitting(pending: readonly PendingEvent[]): PendingEvent[] {
  let items = 1;
  const batch: PendingEvent[] = [];
  for (const event of pending) {
    items += AUDITED_KIND_OF[event.type] ? 3 : 2;
    if (items > MAX_TRANSACTION_ITEMS) break;
    batch.push(event);
  }
  return batch;
}

/**
 * Gives the company's pending events their sequence numbers, oldest first, chains them
 * (numbering.ts) and keeps the history of the records they change (db/history-store.ts), in
 * batches; safe to run by any number of callers at once (the feed before reading, the
 * dispatcher after each write): a caller that lost a race reads again. Returns how many events
 * it numbered.
 */
export async function sequenceEvents(companyId: string): Promise<number> {
  let numbered = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // Only events stamped before this round's reads began (events/pending-order.ts); later ones wait for the next round.
    const startedAt = new Date().toISOString();
    const [head, pending] = await Promise.all([eventHead(companyId), pendingEvents(companyId, SEQUENCE_BATCH, startedAt)]);
    if (pending.length === 0) break;
    const batch = numberEvents(head, fitting(pending), config.auditChain);
    const history = batch.numbered.flatMap((event) => {
      const kind = AUDITED_KIND_OF[event.type];
      return kind ? [historyOp(kind, event)] : [];
    });
    try {
      await transactWrite([...sequenceOps(companyId, head, batch.head, batch.numbered), ...history]);
      numbered += batch.numbered.length;
    } catch (error) {
      if (!(error instanceof SequenceMoved)) throw error;
    }
  }
  return numbered;
}
