import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { VersionConflict, type AppError } from '../errors.ts';
import { db } from './client.ts';
import type { Key } from './keys.ts';
import type { Expr } from './table-ops.ts';

/**
 * A short-lived marker that holds off new references to a record while a write that depends
 * on "nothing refers to it" checks and commits. Without it, a reference committed between the
 * check (a query) and the write would be missed. Writers that add references (posting into a
 * year, naming an account in a journal) require `GUARD_FREE` on the record; the guarded write
 * requires `guard = :guard`. A crashed holder's guard simply expires.
 *
 *   set guard (versioned) -> check -> write (conditional on the guard) | clear guard on failure
 */
export const GUARD_MILLISECONDS = 30_000;
/** No live guard holds the item: writers that add references require this. */
export const guardFree = (): Expr => ({ expression: 'attribute_not_exists(guardUntil) OR guardUntil < :guardNow', values: { ':guardNow': Date.now() } });
/** The guarded write itself: the item still carries this holder's guard. */
export const heldGuard = (guard: string): Expr => ({ expression: 'guard = :guard', values: { ':guard': guard } });

/** What refuses the guarded write once the guard is held, or undefined. */
export type StillFree = () => Promise<AppError | undefined>;
/** The write made under the guard; its condition must include heldGuard(guard). */
export type GuardedWrite = (guard: string) => Promise<void>;

export async function withWriteGuard(key: Key, version: number, stillFree: StillFree, write: GuardedWrite): Promise<void> {
  const guard = randomUUID();
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'SET guard = :guard, guardUntil = :until',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':guard': guard, ':until': Date.now() + GUARD_MILLISECONDS, ':version': version },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new VersionConflict();
    throw error;
  }
  try {
    const refusal = await stillFree();
    if (refusal) throw refusal;
    await write(guard);
  } catch (error) {
    await db()
      .send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: key,
          UpdateExpression: 'REMOVE guard, guardUntil',
          ConditionExpression: 'guard = :guard',
          ExpressionAttributeValues: { ':guard': guard },
        }),
      )
      .catch(() => undefined);
    throw error;
  }
}
