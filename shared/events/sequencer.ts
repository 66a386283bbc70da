import { config } from '../config.ts';
import { eventHead, pendingEvents, SequenceMoved, sequenceOps } from '../db/event-store.ts';
import { transactWrite } from '../db/transact.ts';
import { numberEvents } from './numbering.ts';

/** Pending events numbered per transaction: two items each (delete pending, put numbered) plus the counter. */
export const SEQUENCE_BATCH = 49;
/** Rounds per call: a call does bounded work; what is left is numbered by the next call. */
const MAX_ROUNDS = 20;

/**
 * Gives the company's pending events their sequence numbers, oldest first, and chains them
 * (numbering.ts), in batches; safe to run by any number of callers at once (the feed before
 * reading, the dispatcher after each write): a caller that lost a race reads again. Returns how
 * many events it numbered.
 */
export async function sequenceEvents(companyId: string): Promise<number> {
  let numbered = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [head, pending] = await Promise.all([eventHead(companyId), pendingEvents(companyId, SEQUENCE_BATCH)]);
    if (pending.length === 0) break;
    const batch = numberEvents(head, pending, config.auditChain);
    try {
      await transactWrite(sequenceOps(companyId, head, batch.head, batch.numbered));
      numbered += pending.length;
    } catch (error) {
      if (!(error instanceof SequenceMoved)) throw error;
    }
  }
  return numbered;
}
