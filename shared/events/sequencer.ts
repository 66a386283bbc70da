import { nextSequence, pendingEvents, SequenceMoved, sequenceOps } from '../db/event-store.ts';
import { transactWrite } from '../db/transact.ts';

/** Pending events numbered per transaction: two items each (delete pending, put numbered) plus the counter. */
export const SEQUENCE_BATCH = 49;
/** Rounds per call: a call does bounded work; what is left is numbered by the next call. */
const MAX_ROUNDS = 20;

/**
 * Gives the company's pending events their sequence numbers, in batches; safe to run by any
 * number of callers at once (the feed before reading, the dispatcher after each write): a
 * caller that lost a race reads again. Returns how many events it numbered.
 */
export async function sequenceEvents(companyId: string): Promise<number> {
  let numbered = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [next, pending] = await Promise.all([nextSequence(companyId), pendingEvents(companyId, SEQUENCE_BATCH)]);
    if (pending.length === 0) break;
    try {
      await transactWrite(sequenceOps(companyId, next, pending));
      numbered += pending.length;
    } catch (error) {
      if (!(error instanceof SequenceMoved)) throw error;
    }
  }
  return numbered;
}
