import { randomInt } from 'node:crypto';
import { VersionConflict } from '../../errors.ts';
import { guardKeys } from '../table/keys.ts';
import { POSTING_GUARDS } from './posting-guards.ts';
import { mainTable } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import { guardFree } from '../table/write-guard.ts';

/**
 * What a new draft dated inside a year checks: one of the year's guards (posting-guards.ts), at
 * random, instead of the year item (docs/decisions.md, Capacity), so concurrent creates do not
 * all touch one item. The guards copy the year's status and carry its hold: the Close holds them
 * with the year while it counts the year's drafts and puts them closed in the transaction that
 * closes the year; re-dating and deleting hold them too. A guard never written (a year from
 * before the guards, until the start-up rebuild writes them) means an open, unguarded year.
 */
const refused = () => new VersionConflict('The financial year of this date is being closed or changed; read it again and retry.');

/** A draft may be dated inside the year: the guard checked (one of the year's, at random unless given) says open and is not held. */
export function yearTakesDraftsCheckOp(companyId: string, yearId: string, shard = randomInt(POSTING_GUARDS)): WriteOp {
  const free = guardFree();
  return mainTable.check(
    guardKeys.postingGuard(companyId, yearId, shard),
    { expression: `attribute_not_exists(pk) OR (#status = :open AND (${free.expression}))`, names: { '#status': 'status' }, values: { ':open': 'open', ...free.values } },
    refused,
  );
}
