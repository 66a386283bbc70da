import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import * as keys from '../table/keys.ts';

type RunKind = 'verify' | 'export';

/**
 * The company's slots for bulk reads under way, of one kind (Verify requests, export files):
 * `slots` items, each held by one request until it ends or its lease runs out (a function that
 * crashed or timed out frees its slot then). Taking a slot is one conditional write per slot
 * tried: "absent, or its lease over".
 */
export interface RunSlot {
  slot: number;
  owner: string;
}

/** Takes a free slot of `slots` until `leaseMs` from now; undefined when every slot is held. */
export async function takeRunSlot(companyId: string, kind: RunKind, slots: number, leaseMs: number): Promise<RunSlot | undefined> {
  const owner = randomUUID();
  const now = Date.now();
  for (let slot = 0; slot < slots; slot++) {
    try {
      await db().send(
        new PutCommand({
          TableName: config.tableName,
          // purgeAt: a slot left by a run that never released it goes with the table's expiry a day later.
          Item: { ...keys.runSlot(companyId, kind, slot), entity: 'RunSlot', kind, owner, leaseUntil: now + leaseMs, purgeAt: Math.floor((now + leaseMs) / 1000) + 86_400 },
          ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return { slot, owner };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return undefined;
}

/** Frees the slot if this run still holds it (another may have taken it after the lease ran out). */
export async function releaseRunSlot(companyId: string, kind: RunKind, run: RunSlot): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({ TableName: config.tableName, Key: keys.runSlot(companyId, kind, run.slot), ConditionExpression: '#owner = :owner', ExpressionAttributeNames: { '#owner': 'owner' }, ExpressionAttributeValues: { ':owner': run.owner } }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
