import type { EntryNumber } from '../../audit/entry-numbers.ts';
import { config } from '../../config.ts';
import type { SequencedEvent } from '../../events/event-record.ts';
import type { ClaimMark, NumberingClaim, PendingEvent } from '../../events/records.ts';
import type { FillingRules } from '../../events/store.ts';
import type { Change } from '../../unit-of-work.ts';
import { bookChangeRecording } from '../stores/audit-recording-ports.ts';
import { historyOp } from '../stores/history-store.ts';
import { transactWrite } from '../table/transact.ts';
import { eventHead, eventsWritten, numberedEventOps, pendingByKey, SequenceMoved } from './event-store.ts';
import { fillSlices, type EventWrites } from './fill-slices.ts';
import { entryNumberOp } from './entry-number-ops.ts';
import { advanceOps, readClaim } from './numbering-claim-store.ts';

/**
 * The fill and advance of a numbering claim (numbering-claim-store.ts): the claimed events'
 * items written in transactions side by side, then the counter moved past them. Every write is
 * the same whoever makes it (a numbered event's items follow from its pending item and the
 * claim, whose item fixes the entry numbers its events give), and each pending item goes in the
 * transaction that writes its event, so a claim is finished from whatever state a crash left:
 * what still has its pending item is not written yet.
 */

type Numbered = PendingEvent & SequencedEvent;

/** Each event's items: its pending item's delete and its event, its record's history, and the book changes it records (`bookOps`, by sequence). */
export function eventWrites(rules: FillingRules, companyId: string, events: readonly Numbered[], bookOps: ReadonlyMap<number, Change[]>): Array<EventWrites & { ops: Change[] }> {
  return events.map((event) => {
    const kind = rules.auditedKindOf[event.type];
    const ops = [...numberedEventOps(companyId, [event]), ...(kind ? [historyOp(kind, event)] : []), ...(bookOps.get(event.sequence) ?? [])];
    return { ops, items: ops.length, bytes: event.omittedState?.length ?? (event.data ? JSON.stringify(event.data).length : 0) };
  });
}

/** The book changes' ops by sequence, with each event's entry numbers (audit/entry-numbers.ts) beside them. */
export function withEntryNumberOps(companyId: string, bookOps: ReadonlyMap<number, Change[]>, assigned: readonly EntryNumber[]): Map<number, Change[]> {
  const ops = new Map(bookOps);
  for (const entry of assigned) ops.set(entry.sequence, [...(ops.get(entry.sequence) ?? []), entryNumberOp(companyId, entry)]);
  return ops;
}

/** DynamoDB's refusal of a transaction past 4 MB, or of an item past 400 KB. */
export const tooLarge = (error: unknown) => error instanceof Error && error.name === 'ValidationException' && /larger than 4 ?MB|maximum allowed size/i.test(error.message);

/**
 * Writes the events' items in slices side by side (fill-slices.ts). Returns whether every slice
 * committed; false when one met items another sequencer wrote first (finishClaim reads what is
 * left). A slice DynamoDB refuses for its size is written in halves.
 */
export async function writeSlices(writes: ReadonlyArray<EventWrites & { ops: Change[] }>): Promise<boolean> {
  const results = await Promise.all(fillSlices(writes).map(writeSlice));
  return results.every(Boolean);
}

async function writeSlice(slice: ReadonlyArray<EventWrites & { ops: Change[] }>): Promise<boolean> {
  try {
    await transactWrite(slice.flatMap((w) => w.ops));
    return true;
  } catch (error) {
    if (error instanceof SequenceMoved) return false;
    if (!tooLarge(error) || slice.length === 1) throw error;
    const half = Math.ceil(slice.length / 2);
    const halves = await Promise.all([writeSlice(slice.slice(0, half)), writeSlice(slice.slice(half))]);
    return halves.every(Boolean);
  }
}

/** Moves the counter past the claim; another sequencer having done so already is no failure. */
export async function advance(companyId: string, claim: NumberingClaim): Promise<void> {
  try {
    await transactWrite(advanceOps(companyId, claim));
  } catch (error) {
    if (!(error instanceof SequenceMoved)) throw error;
  }
}

/** Passes over what is left of a claim at most before giving up (each after another sequencer's writes met this one's). */
const FINISH_PASSES = 5;

/**
 * Finishes an open claim from its item: writes the events whose pending items are still there,
 * reading again after a pass that met another sequencer's writes, then advances. Returns how
 * many events it found left to write (0 when the claim was advanced meanwhile).
 */
export async function finishClaim(rules: FillingRules, companyId: string, mark: ClaimMark): Promise<number> {
  const claim = await readClaim(companyId, mark);
  if (!claim) return 0;
  let written = 0;
  for (let pass = 0; ; pass++) {
    const pending = await pendingByKey(claim.events.map((e) => e.pendingKey));
    const left = claim.events.flatMap((c, i) => {
      const event = pending.get(`${c.pendingKey.pk} ${c.pendingKey.sk}`);
      return event ? [{ ...event, sequence: claim.from + i, previousHash: c.previousHash, hash: c.hash }] : [];
    });
    if (left.length === 0) break;
    if (pass === FINISH_PASSES) throw new Error(`Numbering claim ${claim.from}-${claim.to} of company ${companyId} still has ${left.length} events to write`);
    const book = await rules.bookChanges(bookChangeRecording, companyId, left);
    // The entry numbers the claim fixed, not new ones: the count moved past them when it was made.
    const entries = claim.events.flatMap((c, i) => (c.entries ?? []).map((n) => ({ ...n, sequence: claim.from + i })));
    const complete = await writeSlices(eventWrites(rules, companyId, left, withEntryNumberOps(companyId, book.ops, entries)));
    written += left.length;
    if (complete) break;
  }
  // Every claimed pending item is gone, so each event must be written: never advance over a hole.
  const events = await eventsWritten(companyId, claim.from, claim.to);
  if (events !== claim.to - claim.from + 1 && (await eventHead(companyId)).filling?.from === claim.from) {
    throw new Error(`Numbering claim ${claim.from}-${claim.to} of company ${companyId} has ${events} events written: a claimed pending event was numbered elsewhere`);
  }
  await advance(companyId, claim);
  return written;
}

/** How often a sequencer waiting for another's claim reads the counter again. */
const POLL_MS = 10;

/**
 * Waits for a claim another sequencer made to be advanced, so a reader sees every event that
 * committed before it; finishes it once it outlived its lease (config.numberingClaimLeaseMs: its
 * sequencer crashed or timed out). Returns how many events it found left to write.
 */
export async function settleClaim(rules: FillingRules, companyId: string, mark: ClaimMark): Promise<number> {
  while (Date.now() - mark.at < config.numberingClaimLeaseMs) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if ((await eventHead(companyId)).filling?.from !== mark.from) return 0;
  }
  return finishClaim(rules, companyId, mark);
}
