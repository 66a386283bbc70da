import { randomInt } from 'node:crypto';
import { VersionConflict } from '../errors.ts';
import { keys } from './keys.ts';
import { mainTable } from './table-ops.ts';
import type { WriteOp } from './transact.ts';
import { guardFree, type GuardAlongside } from './write-guard.ts';

/**
 * A year's draft guards: YEAR_DRAFT_GUARDS small items, each under a partition key of its own,
 * that say what the year item says to a new draft dated inside it (docs/decisions.md, Capacity).
 * A draft's transaction checks one at random instead of the year item, so concurrent creates do
 * not all touch one item (they conflicted with each other and with every posting). The Close,
 * the one transition that refuses drafts, writes all of them with the year: it holds them with
 * the year's guard while it counts the year's drafts, and marks them closed in the transaction
 * that closes the year. A guard item never written means an open, unguarded year.
 */
export const YEAR_DRAFT_GUARDS = 64;

const refused = () => new VersionConflict('The financial year of this date is being closed or changed; read it again and retry.');

/** A draft may be dated inside the year: the guard checked (one of the year's, at random unless given) is not closed and not held. */
export function yearTakesDraftsCheckOp(companyId: string, yearId: string, shard = randomInt(YEAR_DRAFT_GUARDS)): WriteOp {
  const free = guardFree();
  return mainTable.check(
    keys.yearDraftGuard(companyId, yearId, shard),
    { expression: `attribute_not_exists(pk) OR (attribute_not_exists(closed) AND (${free.expression}))`, values: free.values },
    refused,
  );
}

const everyGuard = (companyId: string, yearId: string, op: (key: ReturnType<typeof keys.yearDraftGuard>) => WriteOp): WriteOp[] =>
  Array.from({ length: YEAR_DRAFT_GUARDS }, (_, shard) => op(keys.yearDraftGuard(companyId, yearId, shard)));

/** What the year's Close holds and releases with the year item (write-guard.ts). */
export function yearDraftGuards(companyId: string, yearId: string): GuardAlongside {
  return {
    hold: (guard, until) =>
      everyGuard(companyId, yearId, (key) => mainTable.update(key, { expression: 'SET guard = :guard, guardUntil = :until, entity = :entity', values: { ':guard': guard, ':until': until, ':entity': 'YearDraftGuard' } })),
    // Released only once the year item was released by this holder, so no other holder's guard is removed.
    release: () => everyGuard(companyId, yearId, (key) => mainTable.update(key, { expression: 'REMOVE guard, guardUntil' })),
  };
}

/** The year's guards say closed for good: in the Close's own transaction. */
export function closeYearDraftGuardsOps(companyId: string, yearId: string): WriteOp[] {
  return everyGuard(companyId, yearId, (key) => mainTable.update(key, { expression: 'SET closed = :closed, entity = :entity', values: { ':closed': true, ':entity': 'YearDraftGuard' } }));
}
