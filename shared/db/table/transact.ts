import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { type AppError, VersionConflict } from '../../errors.ts';
import type { Change } from '../../unit-of-work.ts';
import { db } from './client.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One item of an atomic write, and the error its failed condition means: what a use case holds as a Change, never opened outside shared/db. */
export interface WriteOp extends Change {
  item: TransactItem;
  /** Given the item as it was (for items written with ReturnValuesOnConditionCheckFailure). */
  onConditionFailed?: (old: Record<string, unknown> | undefined) => AppError;
  /** Told when a transaction is cancelled because another touched this item at once (a hot item learns it is hot). */
  onConflict?: () => void;
  /** The request's event may go under a spread outbox key (events/pending-width-store.ts): the write read its year under a use pin. */
  spreadsEvent?: boolean;
  /** The item is one drawn at random among equals (a posting's balance shard and lane): a conflict on such items alone is not retried here, its caller draws again (ledger/books-store.ts). */
  drawn?: boolean;
}

/** The changes a use case gathered, as the writes they are (every Change is made here, as a WriteOp). */
export const writesOf = <C extends Change>(changes: readonly C[]): WriteOp[] => changes as readonly Change[] as WriteOp[];

export const MAX_TRANSACTION_ITEMS = 100;

export { inChunks } from '../../in-chunks.ts';

/** The item an op names (its table and key). */
const itemOf = (op: WriteOp) => {
  const { Put, Update, Delete, ConditionCheck } = op.item;
  const named = Put ? { TableName: Put.TableName, Key: { pk: Put.Item?.pk, sk: Put.Item?.sk } } : (Update ?? Delete ?? ConditionCheck)!;
  return JSON.stringify([named.TableName, named.Key]);
};

/**
 * The ops with at most one per item, the first kept: a transaction may name an item only once,
 * and two checks of the same item (an ancestor shared by two accounts checked unchanged, the
 * journal counter checked for two reasons) would otherwise fail it as a whole.
 */
export function onePerItem<C extends Change>(changes: readonly C[]): C[] {
  const seen = new Set<string>();
  return changes.filter((change) => {
    const item = itemOf(change as Change as WriteOp);
    if (seen.has(item)) return false;
    seen.add(item);
    return true;
  });
}

/** Items a request adds to its use case's transaction: the idempotency record and the event. */
export const REQUEST_ITEMS = 2;

/** Whether the writes fit one transaction with the request's own items. */
export const fitsOneTransaction = (ops: readonly Change[]) => ops.length + REQUEST_ITEMS <= MAX_TRANSACTION_ITEMS;
const MAX_ATTEMPTS = 6;
const BASE_DELAY_MS = 25;

/**
 * Writes all items atomically. A failed condition raises that item's error (a version
 * conflict unless the op says otherwise). TransactionConflict (another transaction touching
 * the same items) is retried with full-jitter exponential backoff, so hot items such as a
 * parent's child counter do not fail requests under contention; one only on drawn items is
 * thrown at once, for the caller to draw again (WriteOp.drawn).
 */
export async function transactWrite(changes: readonly Change[]): Promise<void> {
  const ops = writesOf(changes);
  if (ops.length === 0) return;
  if (ops.length > MAX_TRANSACTION_ITEMS) throw new Error(`Transaction of ${ops.length} items exceeds the limit`);
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: ops.map((o) => o.item) }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (failed >= 0) {
        const old = reasons[failed]?.Item;
        throw ops[failed]?.onConditionFailed?.(old ? unmarshall(old) : undefined) ?? new VersionConflict();
      }
      reasons.forEach((r, i) => r.Code === 'TransactionConflict' && ops[i]?.onConflict?.());
      const retryable = reasons.some((r, i) => r.Code === 'ThrottlingError' || (r.Code === 'TransactionConflict' && !ops[i]?.drawn));
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
      await sleep(Math.random() * BASE_DELAY_MS * 2 ** attempt);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
