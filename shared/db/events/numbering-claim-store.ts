import { gunzipSync, gzipSync } from 'node:zlib';
import type { EntryNumber } from '../../audit/entry-numbers.ts';
import type { EventHead } from '../../events/numbering.ts';
import { SequenceMoved } from './event-store.ts';
import type { ClaimedEvent, ClaimMark, NumberingClaim } from '../../events/records.ts';
import * as keys from '../table/keys.ts';
import { getItem, mainTable } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * Numbering claims (docs/decisions.md, Events, "Numbering in claims"). A sequencer numbers a
 * batch that fits one transaction in it (counterMoveOp); a larger one in three steps: the claim,
 * one transaction that moves the counter's numbers to the claim (`filling` on the counter, `next`
 * removed) and stores which pending event takes which number and hash; the fill, transactions
 * side by side that each turn some of those pending events into numbered ones; the advance, one
 * transaction that sets `next` past the batch and drops the claim. Readers take the counter's `next`, or while a claim is open its first number, as the
 * head: every event below it is written. While `filling` is set no other claim can be made, and
 * anyone may finish an open claim from its item (db/events/claim-fill.ts).
 */

/** The counter's condition to move from `head`: still there, with no claim open (a claim removes `next`). */
const atHead = (head: EventHead) =>
  head.next === 1
    ? { expression: 'attribute_not_exists(#next) AND attribute_not_exists(filling)', names: { '#next': 'next' } }
    : { expression: '#next = :next', names: { '#next': 'next' }, values: { ':next': head.next } };

/**
 * A batch small enough for one transaction needs no claim: the counter moves from `head` to `to`
 * in the transaction that writes the events (SequenceMoved if it is no longer at `head`).
 */
export function counterMoveOp(companyId: string, head: EventHead & { entries: number }, to: EventHead & { entries: number }, first: { occurredAt: string }): WriteOp {
  const changesFrom = { sequence: head.next, occurredAt: first.occurredAt };
  const entries = to.entries === head.entries ? {} : { ':entries': to.entries };
  return mainTable.update(
    keys.eventSequence(companyId),
    {
      expression: `SET #next = :after, changesFrom = if_not_exists(changesFrom, :changesFrom)${to.hash === null ? '' : ', headHash = :hash'}${to.entries === head.entries ? '' : ', journalEntries = :entries'}`,
      names: { '#next': 'next' },
      values: { ':after': to.next, ':changesFrom': changesFrom, ...(to.hash === null ? {} : { ':hash': to.hash }), ...entries },
    },
    { condition: atHead(head), onConditionFailed: () => new SequenceMoved() },
  );
}

/** The claim of numbered events (events/numbering.ts, at least one), made at `at`, with the entry numbers they give (audit/entry-numbers.ts). */
export function claimOf(numbered: ReadonlyArray<ClaimedEvent & { sequence: number }>, at: number, assigned: readonly EntryNumber[]): NumberingClaim {
  const entriesOf = (sequence: number) => assigned.filter((a) => a.sequence === sequence).map((a) => ({ journalId: a.journalId, entryNumber: a.entryNumber }));
  return {
    from: numbered[0]!.sequence,
    to: numbered.at(-1)!.sequence,
    at,
    events: numbered.map((e) => {
      const entries = entriesOf(e.sequence);
      return { pendingKey: e.pendingKey, previousHash: e.previousHash, hash: e.hash, ...(entries.length > 0 ? { entries } : {}) };
    }),
  };
}

/**
 * The claim's two items: the counter, moved only if still at `head` with no claim open (so
 * SequenceMoved otherwise), and the claim item, which also fixes the entry numbers its events
 * give. Its list is kept gzip-compressed (keys repeat their prefixes): a claim of 400 events
 * stays near 40 KB.
 */
export function claimOps(companyId: string, head: EventHead, claim: NumberingClaim, first: { occurredAt: string }): WriteOp[] {
  const mark: ClaimMark = { from: claim.from, to: claim.to, at: claim.at };
  // changesFrom: where the record of book changes starts (db/stores/book-change-store.ts), set by the first numbering that writes it.
  const changesFrom = { sequence: claim.from, occurredAt: first.occurredAt };
  const list = gzipSync(JSON.stringify(claim.events.map((e) => [e.pendingKey.pk, e.pendingKey.sk, e.previousHash, e.hash, ...(e.entries ? [e.entries.map((n) => [n.journalId, n.entryNumber])] : [])])));
  return [
    mainTable.update(
      keys.eventSequence(companyId),
      { expression: 'SET filling = :mark, changesFrom = if_not_exists(changesFrom, :changesFrom) REMOVE #next', names: { '#next': 'next' }, values: { ':mark': mark, ':changesFrom': changesFrom } },
      { condition: atHead(head), onConditionFailed: () => new SequenceMoved() },
    ),
    mainTable.put({ ...keys.numberingClaim(companyId, claim.from), entity: 'NumberingClaim', ...mark, eventsGz: list }),
  ];
}

/** The open claim starting at `mark.from`, or undefined once it was advanced. */
export async function readClaim(companyId: string, mark: ClaimMark): Promise<NumberingClaim | undefined> {
  const item = await getItem(keys.numberingClaim(companyId, mark.from), { consistent: true });
  if (!item) return undefined;
  const list = JSON.parse(gunzipSync(item.eventsGz as Uint8Array).toString('utf8')) as Array<[string, string, string | null, string | null, Array<[string, number]>?]>;
  return {
    ...mark,
    events: list.map(([pk, sk, previousHash, hash, entries]) => ({ pendingKey: { pk, sk }, previousHash, hash, ...(entries ? { entries: entries.map(([journalId, entryNumber]) => ({ journalId, entryNumber })) } : {}) })),
  };
}

/**
 * The advance: `next` past the claim with the chain's new head, and the count of entry numbers
 * past its last (so, like `next`, the count never covers a number not yet written), the claim
 * item gone; only if this claim is still open (SequenceMoved: another finished it).
 */
export function advanceOps(companyId: string, claim: NumberingClaim): WriteOp[] {
  const hash = claim.events.at(-1)?.hash ?? null;
  const entries = Math.max(0, ...claim.events.flatMap((e) => (e.entries ?? []).map((n) => n.entryNumber)));
  return [
    mainTable.update(
      keys.eventSequence(companyId),
      {
        expression: `SET #next = :after${hash === null ? '' : ', headHash = :hash'}${entries === 0 ? '' : ', journalEntries = :entries'} REMOVE filling`,
        names: { '#next': 'next', '#from': 'from' },
        values: { ':after': claim.to + 1, ...(hash === null ? {} : { ':hash': hash }), ...(entries === 0 ? {} : { ':entries': entries }) },
      },
      { condition: { expression: 'filling.#from = :from', names: { '#from': 'from' }, values: { ':from': claim.from } }, onConditionFailed: () => new SequenceMoved() },
    ),
    mainTable.delete(keys.numberingClaim(companyId, claim.from)),
  ];
}
