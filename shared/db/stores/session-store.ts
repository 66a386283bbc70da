import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { Unauthorized } from '../../errors.ts';
import { db } from '../table/client.ts';
import * as keys from '../table/keys.ts';
import { conditions, ttlTable } from '../table/table-ops.ts';
import { transactWrite } from '../table/transact.ts';
import type { PendingLogin, RefreshRecord } from '../../auth/records.ts';
import { operationNamed, WAY_OUT_LOGIN } from '../../schemas/api-paths.ts';

/**
 * Sign-in records, kept in the TTL table beside the idempotency records (their keys start
 * with LOGIN#, REFRESH# and FAMILY#, which no idempotency scope does). `expiresAt` (epoch seconds) is the TTL attribute and
 * is also checked on every read, because DynamoDB deletes expired items late.
 */
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function putPendingLogin(login: PendingLogin, lifetimeSeconds: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: config.idempotencyTableName,
      Item: { ...keys.loginState(login.state), entity: 'PendingLogin', codeVerifier: login.codeVerifier, expiresAt: nowSeconds() + lifetimeSeconds },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Takes the pending login out (one use only); undefined when unknown, expired or already used. */
export async function takePendingLogin(state: string): Promise<PendingLogin | undefined> {
  try {
    const { Attributes } = await db().send(
      new DeleteCommand({
        TableName: config.idempotencyTableName,
        Key: keys.loginState(state),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': nowSeconds() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? { state, codeVerifier: Attributes.codeVerifier as string } : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

export function putRefreshTokenOp(record: RefreshRecord) {
  return ttlTable.put(
    { ...keys.refreshToken(record.hash), entity: 'RefreshToken', userId: record.userId, familyId: record.familyId, expiresAt: record.expiresAt },
    { condition: conditions.absent },
  );
}

export async function getRefreshToken(hash: string): Promise<(RefreshRecord & { usedAt?: number }) | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: config.idempotencyTableName, Key: keys.refreshToken(hash), ConsistentRead: true }));
  if (!Item) return undefined;
  return { hash, userId: Item.userId as string, familyId: Item.familyId as string, expiresAt: Item.expiresAt as number, ...(Item.usedAt ? { usedAt: Item.usedAt as number } : {}) };
}

export async function familyRevoked(familyId: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: config.idempotencyTableName, Key: keys.refreshFamily(familyId), ConsistentRead: true }));
  return Boolean(Item?.revokedAt);
}

/** Revokes every refresh token of the family (reuse of a spent token means it leaked). */
export async function revokeFamily(familyId: string, expiresAt: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: config.idempotencyTableName,
      Key: keys.refreshFamily(familyId),
      UpdateExpression: 'SET revokedAt = :now, entity = :entity, expiresAt = :expiresAt',
      ExpressionAttributeValues: { ':now': Date.now(), ':entity': 'RefreshFamily', ':expiresAt': expiresAt },
    }),
  );
}

/**
 * Spends `old` and stores its successor in one transaction: the spend is conditional on the
 * token being unspent and the family unrevoked, so of two concurrent refreshes only one wins.
 * Errors: Unauthorized (already spent or revoked: the caller revokes the family).
 */
export async function rotateRefreshToken(old: RefreshRecord, next: RefreshRecord): Promise<void> {
  await transactWrite([
    ttlTable.update(
      keys.refreshToken(old.hash),
      { expression: 'SET usedAt = :now', values: { ':now': Date.now() } },
      { condition: { expression: 'attribute_exists(pk) AND attribute_not_exists(usedAt)' }, onConditionFailed: () => new Unauthorized(`The refresh token was already used; sign in again (${operationNamed(WAY_OUT_LOGIN())}).`) },
    ),
    ttlTable.check(keys.refreshFamily(old.familyId), { expression: 'attribute_not_exists(revokedAt)' }, () => new Unauthorized(`The refresh token was revoked; sign in again (${operationNamed(WAY_OUT_LOGIN())}).`)),
    putRefreshTokenOp(next),
  ]);
}
