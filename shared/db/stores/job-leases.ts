import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { ClaimLost } from '../../errors.ts';
import { db } from '../table/client.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import type { Key } from '../table/keys.ts';
import type { Item } from '../table/table-ops.ts';

/**
 * The claim a worker holds on a background job (imports, export jobs), one mechanism for both:
 * the job item carries `status` and `lease` ({owner, until}); an unfinished item per job in one
 * partition across companies is what the workers read to find work. A worker claims a job that is
 * queued, or running with its lease run out (its worker died); every write it makes after is
 * conditional on still holding the lease, so a worker that stalled past its lease and was taken
 * over writes nothing more.
 */
export interface LeasedJobs {
  job(companyId: string, jobId: string): Key;
  /** The partition of the unfinished items (sort key `<company> <createdAt> <job>`). */
  unfinishedPartition: string;
  /** The attribute of an unfinished item naming its job. */
  jobAttribute: string;
}

/** Every unfinished job of every company (or of one), oldest first within each company (few exist at any time). */
export async function unfinishedLeasedJobs(kind: LeasedJobs, companyId?: string): Promise<Array<{ companyId: string; jobId: string }>> {
  // (A key condition cannot hold an empty string, so every company's is the whole partition.)
  const keyCondition = companyId
    ? withPrefix(kind.unfinishedPartition, `${companyId} `)
    : { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': kind.unfinishedPartition } };
  const found: Array<{ companyId: string; jobId: string }> = [];
  for await (const item of queryAll({ TableName: config.tableName, ...keyCondition, ConsistentRead: true })) {
    found.push({ companyId: item.companyId as string, jobId: item[kind.jobAttribute] as string });
  }
  return found;
}

/**
 * Claims a job for a worker until `until`: a job that is queued, or running without a live
 * claim (its worker died). Answers the job's item as claimed, or undefined when another holds it
 * or it is final.
 */
export async function claimLeasedJob(kind: LeasedJobs, companyId: string, jobId: string, owner: string, now: Date, until: Date): Promise<Item | undefined> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: kind.job(companyId, jobId),
        UpdateExpression: 'SET #status = :running, lease = :lease, startedAt = if_not_exists(startedAt, :now), updatedAt = :now',
        ConditionExpression: '#status IN (:queued, :running) AND (attribute_not_exists(lease) OR lease.#until < :now)',
        ExpressionAttributeNames: { '#status': 'status', '#until': 'until' },
        ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':lease': { owner, until: until.toISOString() }, ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** The claim held on until `until` (a long step under way). Errors: ClaimLost when it is no longer `owner`'s. */
export async function renewLease(kind: LeasedJobs, companyId: string, jobId: string, owner: string, until: Date): Promise<void> {
  await leaseUpdate(kind, companyId, jobId, owner, 'SET lease.#until = :until', { '#until': 'until' }, { ':until': until.toISOString() }).then((held) => {
    if (!held) throw new ClaimLost();
  });
}

/**
 * A run of the worker failed: the failures counted on the job are recorded, and the claim is
 * kept until `retryAt`, so the next run waits that long (a fault of the database passes; a fault
 * of the job is counted up to its bound).
 */
export async function recordLeasedFault(kind: LeasedJobs, companyId: string, jobId: string, owner: string, faults: { at: string; count: number; error: string }, retryAt: Date): Promise<void> {
  await leaseUpdate(kind, companyId, jobId, owner, 'SET faults = :faults, lease.#until = :until', { '#until': 'until' }, { ':faults': faults, ':until': retryAt.toISOString() });
}

/** Gives the claim up before it runs out (a worker stopping between steps), so the next worker need not wait. */
export async function releaseLease(kind: LeasedJobs, companyId: string, jobId: string, owner: string): Promise<void> {
  await leaseUpdate(kind, companyId, jobId, owner, 'REMOVE lease', {}, {});
}

/** An update of a job still held by `owner`; answers whether it was. */
async function leaseUpdate(kind: LeasedJobs, companyId: string, jobId: string, owner: string, expression: string, names: Record<string, string>, values: Record<string, unknown>): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: kind.job(companyId, jobId),
        UpdateExpression: expression,
        ConditionExpression: 'lease.#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner', ...names },
        ExpressionAttributeValues: { ':owner': owner, ...values },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
