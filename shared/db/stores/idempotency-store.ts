import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Claim, ClaimResult, StoredResponse } from '../../idempotency/records.ts';
import { config } from '../../config.ts';
import { IdempotencyInProgress, IdempotencyKeyReused } from '../../errors.ts';
import { db } from '../table/client.ts';
import { deflatedText, inflatedText } from '../table/deflated-text.ts';
import { type IdempotencyScope } from '../table/keys.ts';
import * as keys from '../table/keys.ts';
import { ttlTable, type Expr } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * Idempotency records, one per (scope, operation, key):
 *
 *   absent ──claim──> IN_PROGRESS ──business transaction commits──> COMPLETED (response stored)
 *                         │  └─ lease runs out (crashed request) -> claimable again
 *                         └─ request fails (any 4xx/5xx) -> deleted, the key is free again
 *
 * `expiresAt` (epoch seconds, the table's TTL attribute) is 24 h after first receipt and is
 * checked on every read, because DynamoDB deletes expired items late.
 */
export const KEY_LIFETIME_SECONDS = 24 * 60 * 60;
/** 60 s: longer than the functions' timeout (29 s, infra/function-defaults.ts), so only a request that has died loses its lease. */
export const LEASE_MILLISECONDS = 60_000;


/**
 * Claims the key in one conditional write: it succeeds when the key is absent, expired, or
 * held by an in-progress claim whose lease ran out. Otherwise the old record tells whether to
 * replay its response or to answer 409 (IdempotencyInProgress); a key held for another record
 * of the same operation is refused (IdempotencyKeyReused, 422), never replayed.
 */
export async function claimKey(scope: IdempotencyScope, operation: string, key: string, target: string, token: string): Promise<ClaimResult> {
  const now = Date.now();
  const nowSeconds = Math.floor(now / 1000);
  const claim: Claim = { key: keys.idempotency(scope, operation, key), target, token, expiresAt: nowSeconds + KEY_LIFETIME_SECONDS };
  try {
    await db().send(
      new PutCommand({
        TableName: config.idempotencyTableName,
        Item: { ...claim.key, status: 'IN_PROGRESS', target, claimToken: token, leaseExpiresAt: now + LEASE_MILLISECONDS, expiresAt: claim.expiresAt },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :nowSeconds OR (#status = :inProgress AND leaseExpiresAt <= :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':nowSeconds': nowSeconds, ':now': now, ':inProgress': 'IN_PROGRESS' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: claim };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const old = error.Item ? unmarshall(error.Item) : undefined;
    if (old && typeof old.target === 'string' && old.target !== target) throw new IdempotencyKeyReused();
    if (old?.status === 'COMPLETED') return { replay: responseOf(old.response as KeptResponse) };
    throw new IdempotencyInProgress();
  }
}

/**
 * A response as its record keeps it: the body deflated (`bodyZ`, table/deflated-text.ts), so a
 * journal's fits the 1 KB of a write unit with its key; records written before, or while
 * config.deflatedText is off, keep `body` as text.
 */
type KeptResponse = Omit<StoredResponse, 'body'> & ({ body: string } | { bodyZ: Uint8Array });

const responseOf = (kept: KeptResponse): StoredResponse => {
  const { statusCode, headers } = kept;
  return { statusCode, headers, body: 'body' in kept ? kept.body : inflatedText(kept.bodyZ) };
};

/** The write that marks the claim completed with its response; it fails if the claim was lost. */
export function completeKeyOp(claim: Claim, { body, ...response }: StoredResponse): WriteOp {
  const kept: KeptResponse = config.deflatedText ? { ...response, bodyZ: deflatedText(body) } : { ...response, body };
  return ttlTable.put(
    { ...claim.key, status: 'COMPLETED', target: claim.target, claimToken: claim.token, response: kept, expiresAt: claim.expiresAt },
    { condition: heldClaim(claim), onConditionFailed: () => new IdempotencyInProgress() },
  );
}

/** The key is still held by this claim, in progress. */
const heldClaim = (claim: Claim): Expr => ({
  expression: '#status = :inProgress AND claimToken = :token',
  names: { '#status': 'status' },
  values: { ':inProgress': 'IN_PROGRESS', ':token': claim.token },
});

/** Frees the key after a failed request, unless it completed (the business write committed). */
export async function releaseKey(claim: Claim): Promise<void> {
  try {
    // The same conditional delete a transaction would carry, sent on its own.
    await db().send(new DeleteCommand(ttlTable.delete(claim.key, { condition: heldClaim(claim) }).item.Delete!));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
