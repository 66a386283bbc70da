import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { VersionConflict, type AppError } from '../../errors.ts';
import { db } from './client.ts';
import type { Key } from './keys.ts';
import { conditions, getItem, mainTable, type Expr } from './table-ops.ts';
import { pinLive } from '../capacity/pin-rules.ts';
import { transactWrite } from './transact.ts';

/**
 * A short-lived marker that holds off new references to a record while a write that depends
 * on "nothing refers to it" checks and commits. Without it, a reference committed between the
 * check (a query) and the write would be missed. Writers that add references (posting into a
 * year, naming an account in a journal) require `GUARD_FREE` on the record; the guarded write
 * requires `guard = :guard`. A crashed holder's guard simply expires.
 *
 *   set guard (versioned) -> check -> write (conditional on the guard) | clear guard on failure
 *
 * A record a busy writer of references pinned (its use pin, capacity/pin-rules.ts) counts as referred
 * to until the pin ends: the holder reads the pin once it holds the record (no pin is taken on a
 * held record, use-pins.ts) and refuses, and the guarded write requires no live pin (a pin taken
 * after a hold ran out still stops it).
 */
export const GUARD_MILLISECONDS = 30_000;
/** No live guard holds the item: writers that add references require this. */
export const guardFree = (): Expr => ({ expression: 'attribute_not_exists(guardUntil) OR guardUntil < :guardNow', values: { ':guardNow': Date.now() } });
/** The guarded write itself: the item still carries this holder's guard, and no live use pin. */
export const heldGuard = (guard: string): Expr => ({
  expression: 'guard = :guard AND (attribute_not_exists(pinnedUntil) OR pinnedUntil < :pinNow)',
  values: { ':guard': guard, ':pinNow': Date.now() },
});

/**
 * Items held and released with the record (a year's posting guards, a node's reference guards):
 * their guard is set in the same transaction that sets the record's, and released after the
 * record's is, each only while it still carries this holder's guard.
 */
export interface GuardAlongside {
  keys: readonly Key[];
  /** Written with the hold, for items the hold may be the first to write. */
  entity?: string;
}

/** What refuses the guarded write once the guard is held, or undefined. */
export type StillFree = () => Promise<AppError | undefined>;
/** The write made under the guard; its condition must include heldGuard(guard). */
export type GuardedWrite = (guard: string) => Promise<void>;

/** `whilePinned`: the refusal while the record's use pin lives. */
export async function withWriteGuard(key: Key, version: number, stillFree: StillFree, write: GuardedWrite, alongside: GuardAlongside, whilePinned: () => AppError): Promise<void> {
  const guard = randomUUID();
  const until = Date.now() + GUARD_MILLISECONDS;
  const hold = (entity?: string) => ({
    expression: `SET guard = :guard, guardUntil = :until${entity ? ', entity = :entity' : ''}`,
    values: { ':guard': guard, ':until': until, ...(entity ? { ':entity': entity } : {}) },
  });
  await transactWrite([
    mainTable.update(key, hold(), { condition: conditions.atVersion(version), onConditionFailed: () => new VersionConflict() }),
    ...alongside.keys.map((k) => mainTable.update(k, hold(alongside.entity))),
  ]);
  try {
    const pinned = pinLive((await getItem(key, { consistent: true }))?.pinnedUntil as number | undefined, Date.now());
    const refusal = pinned ? whilePinned() : await stillFree();
    if (refusal) throw refusal;
    await write(guard);
  } catch (error) {
    // The record first, then each item alongside on its own: one another holder took since keeps its guard.
    await release(key, guard)
      .then(() => Promise.all(alongside.keys.map((k) => release(k, guard))))
      .catch(() => undefined);
    throw error;
  }
}

/** Clears the guard of an item that still carries this holder's; one that does not is left alone. */
async function release(key: Key, guard: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({ TableName: config.tableName, Key: key, UpdateExpression: 'REMOVE guard, guardUntil', ConditionExpression: 'guard = :guard', ExpressionAttributeValues: { ':guard': guard } }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
