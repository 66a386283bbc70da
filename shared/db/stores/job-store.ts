import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import * as keys from '../table/keys.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { conditions, getItem, mainTable } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import type { JobsState, UnfinishedJob } from '../../journals/job-records.ts';

/**
 * Bookkeeping of wide-posting jobs (shared/journals/wide-posting.ts) and of revaluations too wide
 * for one transaction (shared/revaluations/), written in their first and last transactions:
 * - the company's `JOBS` item counts jobs ever started and jobs under way, so a report can tell
 *   that no job applied a chunk while it read (shared/reports/steady-books.ts);
 * - one `JOBS#UNFINISHED` item per job under way, across companies, so recovery finds every
 *   job whose request died without scanning the table (shared/journals/recover-jobs.ts).
 */

/** The writes of a job's first transaction. */
export function jobStartedOps(companyId: string, journalId: string, startedAt: string): WriteOp[] {
  return [
    mainTable.update(keys.companyJobs(companyId), {
      expression: 'ADD started :one, underWay :one SET entity = :entity',
      values: { ':one': 1, ':entity': 'CompanyJobs' },
    }),
    mainTable.put({ ...keys.unfinishedJob(companyId, journalId), entity: 'UnfinishedJob', companyId, journalId, startedAt }, { condition: conditions.absent }),
  ];
}

/** The writes of a job's last transaction. */
export function jobFinishedOps(companyId: string, journalId: string): WriteOp[] {
  return [jobUncountedOp(companyId), mainTable.delete(keys.unfinishedJob(companyId, journalId))];
}

const jobUncountedOp = (companyId: string) => mainTable.update(keys.companyJobs(companyId), { expression: 'ADD underWay :minus', values: { ':minus': -1 } });

/**
 * The writes that start a revaluation too wide for one transaction: counted as a job under way
 * (reports wait for it as for a wide posting) and listed for recovery beside the jobs.
 */
export function revaluationStartedOps(companyId: string, date: string, journalId: string, startedAt: string): WriteOp[] {
  return [
    mainTable.update(keys.companyJobs(companyId), {
      expression: 'ADD started :one, underWay :one SET entity = :entity',
      values: { ':one': 1, ':entity': 'CompanyJobs' },
    }),
    mainTable.put({ ...keys.unfinishedRevaluation(companyId, date), entity: 'UnfinishedRevaluation', companyId, journalId, revaluationDate: date, startedAt }, { condition: conditions.absent }),
  ];
}

/** The writes of a wide revaluation's last transaction. */
export function revaluationFinishedOps(companyId: string, date: string): WriteOp[] {
  return [jobUncountedOp(companyId), mainTable.delete(keys.unfinishedRevaluation(companyId, date))];
}

/**
 * Counts another kind of job under way in the company (a bulk import writing balances), so
 * reports wait for it as for a wide posting: started and under way (1), or ended (-1).
 */
export function jobUnderWayOp(companyId: string, delta: 1 | -1): WriteOp {
  return mainTable.update(keys.companyJobs(companyId), {
    expression: delta === 1 ? 'ADD started :one, underWay :one SET entity = :entity' : 'ADD underWay :minus',
    values: delta === 1 ? { ':one': 1, ':entity': 'CompanyJobs' } : { ':minus': -1 },
  });
}

/** The company's job counters (strongly consistent). */
export async function jobsState(companyId: string): Promise<JobsState> {
  const item = await getItem(keys.companyJobs(companyId), { consistent: true });
  return { started: Number(item?.started ?? 0), underWay: Number(item?.underWay ?? 0) };
}

/** Unfinished jobs started before `before`, of every company or of one (up to `limit` examined per call; few exist at any time). */
export async function unfinishedJobs(before: Date, companyId?: string, limit = 100): Promise<UnfinishedJob[]> {
  // (A key condition cannot hold an empty string, so every company's is the whole partition.)
  const keyCondition = companyId
    ? withPrefix(keys.unfinishedJobsPartition, `${companyId} `)
    : { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.unfinishedJobsPartition } };
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.tableName,
      ...keyCondition,
      FilterExpression: 'startedAt < :before',
      ExpressionAttributeValues: { ...keyCondition.ExpressionAttributeValues, ':before': before.toISOString() },
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return (Items ?? []).map((i) => ({
    companyId: String(i.companyId),
    journalId: String(i.journalId),
    startedAt: String(i.startedAt),
    ...(i.revaluationDate ? { revaluationDate: String(i.revaluationDate) } : {}),
  }));
}
