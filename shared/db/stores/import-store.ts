import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import { config } from '../../config.ts';
import { ClaimLost } from '../../errors.ts';
import type { ImportCounts, ImportJob, ImportStatus, RowError } from '../../imports/records.ts';
import type { ListQuery, PageQuery, Page } from '../../schemas/list-query.ts';
import { bulkWrite } from '../table/batch-write.ts';
import { db } from '../table/client.ts';
import { decodeCursor, encodeCursor, type CursorBinding } from '../table/cursor.ts';
import { importKeys } from '../table/keys.ts';
import { keywordListPage } from '../table/paginate.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { claimLeasedJob, recordLeasedFault, releaseLease, unfinishedLeasedJobs, type LeasedJobs } from './job-leases.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * Storage of import jobs (shared/imports/records.ts): the job item, its payload compressed in
 * pieces, its error items, and one item per unfinished job in a partition across companies,
 * which the worker reads to find work. Every write of a worker is conditional on its claim
 * (`lease.owner`) and, for a write step, on being the job's next step, so a step is applied once.
 */

/** Compressed bytes per payload item: DynamoDB's item limit is 400 KB. */
export const PAYLOAD_CHUNK_BYTES = 350_000;

/** Payload pieces expire (the main table's TTL) a while after any job could still need them. */
const PAYLOAD_DAYS = 14;

const JOB_FIELDS = [
  'id', 'kind', 'format', 'mode', 'dryRun', 'post', 'attachesFiles', 'financialYearId', 'budgetName', 'bankAccountId', 'statement', 'status', 'counts', 'errors', 'errorCount', 'payload',
  'createdBy', 'createdAt', 'updatedAt', 'startedAt', 'finishedAt', 'progress', 'lease', 'faults', 'stop',
] as const satisfies ReadonlyArray<keyof ImportJob>;

const jobFromItem = (item: Item): ImportJob => recordOf<ImportJob>(item, JOB_FIELDS);

/** The payload compressed and cut into pieces that each fit an item. */
export function compressPayload(text: string): Buffer[] {
  const packed = gzipSync(text);
  const pieces: Buffer[] = [];
  for (let at = 0; at < packed.length; at += PAYLOAD_CHUNK_BYTES) pieces.push(packed.subarray(at, at + PAYLOAD_CHUNK_BYTES));
  return pieces.length > 0 ? pieces : [packed];
}

/**
 * Writes the payload's pieces before the job (a transaction holds at most 4 MB, a payload more):
 * pieces whose job never commits expire with the table's TTL.
 */
export async function putPayload(companyId: string, importId: string, pieces: Buffer[], now: Date): Promise<void> {
  const purgeAt = Math.floor(now.getTime() / 1000) + PAYLOAD_DAYS * 86_400;
  await bulkWrite(pieces.map((data, index) => ({ put: { ...importKeys.payloadChunk(companyId, importId, index), entity: 'ImportPayload', data, purgeAt } })));
}

/** The payload as text: its pieces read in order and decompressed. */
export async function readPayload(companyId: string, importId: string): Promise<string> {
  const pieces: Buffer[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(importKeys.job(companyId, importId).pk, importKeys.payloadPrefix(importId)), ConsistentRead: true })) {
    pieces.push(Buffer.from(item.data as Uint8Array));
  }
  return gunzipSync(Buffer.concat(pieces)).toString('utf8');
}

/** The payload's pieces go once the job is final. */
export async function deletePayload(companyId: string, job: ImportJob): Promise<void> {
  await bulkWrite(Array.from({ length: job.payload.chunks }, (_, index) => ({ delete: importKeys.payloadChunk(companyId, job.id, index) })));
}

/** The new job and its place among the unfinished ones, in the request's transaction. */
export function newJobOps(companyId: string, job: ImportJob): WriteOp[] {
  return [
    mainTable.put({ ...importKeys.job(companyId, job.id), ...importKeys.jobByCreation(companyId, job.createdAt, job.id), entity: 'Import', companyId, ...job }, { condition: conditions.absent }),
    mainTable.put({ ...importKeys.unfinished(companyId, job.createdAt, job.id), entity: 'UnfinishedImport', companyId, importId: job.id, createdAt: job.createdAt }),
  ];
}

export async function getJob(companyId: string, importId: string): Promise<ImportJob | undefined> {
  const item = await getItem(importKeys.job(companyId, importId), { consistent: true });
  return item && jobFromItem(item);
}

/** Whether the job has not ended yet (its usage items protect the accounts it will name: node-usage.ts). */
export async function importUnderWay(companyId: string, importId: string): Promise<boolean> {
  const job = await getJob(companyId, importId);
  return job !== undefined && (job.status === 'queued' || job.status === 'running');
}

/** The company's jobs by creation time, a page at a time; the keyword matches the kind. */
export function jobsPage(companyId: string, query: ListQuery): Promise<Page<ImportJob>> {
  return keywordListPage(
    { index: 'gsi1', partition: importKeys.jobListPartition(companyId), companyId, endpoint: 'imports.list', keywordAttribute: 'kind', toRecord: jobFromItem },
    query,
    query.keyword ?? '',
  );
}

/** A job's errors in the order found, a page at a time. */
export async function errorsPage(companyId: string, importId: string, query: PageQuery): Promise<Page<RowError>> {
  const binding: CursorBinding = { companyId, endpoint: 'imports.errors', orderBy: 'Row', orderAsc: true, filters: { importId } };
  const after = query.page ? Number((await decodeCursor(binding, query.page)).index) : -1;
  const { pk } = importKeys.job(companyId, importId);
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.tableName,
      ...withPrefix(pk, importKeys.errorPrefix(importId)),
      ExclusiveStartKey: after >= 0 ? importKeys.error(companyId, importId, after) : undefined,
      ConsistentRead: true,
      Limit: query.pageSize + 1,
    }),
  );
  const found = (Items ?? []).map((item) => ({ index: item.index as number, error: recordOf<RowError>(item, ['row', 'field', 'reason', 'code']) }));
  const results = found.slice(0, query.pageSize);
  return {
    currentPage: query.page ?? null,
    results: results.map((f) => f.error),
    nextPage: found.length > query.pageSize ? await encodeCursor(binding, { index: results.at(-1)!.index }) : null,
  };
}

/** Import jobs under the workers' claims (job-leases.ts): their unfinished items name the job as `importId`. */
const IMPORT_JOBS: LeasedJobs = { job: importKeys.job, unfinishedPartition: importKeys.unfinishedPartition, jobAttribute: 'importId' };

/** Every unfinished job of every company (or of one), oldest first within each company (few exist at any time). */
export async function unfinishedJobs(companyId?: string): Promise<Array<{ companyId: string; importId: string }>> {
  return (await unfinishedLeasedJobs(IMPORT_JOBS, companyId)).map(({ companyId: company, jobId }) => ({ companyId: company, importId: jobId }));
}

/**
 * Claims a job for a worker until `until`: a job that is queued, or running without a live
 * claim (its worker died). Answers the job as claimed, or undefined when another holds it or it
 * is final.
 */
export async function claimJob(companyId: string, importId: string, owner: string, now: Date, until: Date): Promise<ImportJob | undefined> {
  const item = await claimLeasedJob(IMPORT_JOBS, companyId, importId, owner, now, until);
  return item && jobFromItem(item);
}

/** The job is still this worker's (and, with `step`, still at that step). */
function heldAt(owner: string, step?: number) {
  return {
    condition: {
      expression: `lease.#owner = :owner${step === undefined ? '' : ' AND progress.#step = :step'}`,
      names: { '#owner': 'owner', ...(step === undefined ? {} : { '#step': 'step' }) },
      values: { ':owner': owner, ...(step === undefined ? {} : { ':step': step }) },
    },
    onConditionFailed: () => new ClaimLost(),
  };
}

/**
 * Records that write step `step` is applied (its writes in the same transaction, or done
 * before for writes that may be repeated): the next step, the rows it wrote and the errors it
 * met, and a renewed claim. Conditional on the claim and on the step being the next one.
 */
export function advanceJobOp(companyId: string, importId: string, owner: string, step: number, until: Date, effect: { written?: number; errors?: number } = {}): WriteOp {
  const held = heldAt(owner, step);
  return mainTable.update(
    importKeys.job(companyId, importId),
    {
      expression: 'SET progress.#step = :next, lease.#until = :until, updatedAt = :now, counts.#written = counts.#written + :written, errorCount = errorCount + :errors',
      names: { '#step': 'step', '#until': 'until', '#written': 'written' },
      values: { ':next': step + 1, ':until': until.toISOString(), ':now': new Date().toISOString(), ':written': effect.written ?? 0, ':errors': effect.errors ?? 0 },
    },
    held,
  );
}

/** Records the check's outcome once: counts, the first errors, how many, what it planned, and (journals) the first serial number drawn. */
export function checkedOp(companyId: string, importId: string, owner: string, outcome: { counts: ImportCounts; errors: RowError[]; errorCount: number; planned: number; serialBase?: number | undefined; layout: number }): WriteOp {
  const progress: Record<string, unknown> = { checked: true, step: 0, checkErrors: outcome.errorCount, planned: outcome.planned, ...(outcome.serialBase === undefined ? {} : { serialBase: outcome.serialBase }), layout: outcome.layout };
  return mainTable.update(
    importKeys.job(companyId, importId),
    {
      expression: 'SET progress = :progress, counts = :counts, errors = :errors, errorCount = :errorCount, updatedAt = :now',
      values: { ':progress': progress, ':counts': outcome.counts, ':errors': outcome.errors, ':errorCount': outcome.errorCount, ':now': new Date().toISOString() },
    },
    { ...heldAt(owner), condition: { ...heldAt(owner).condition, expression: `${heldAt(owner).condition.expression} AND progress.#checked = :false`, names: { ...heldAt(owner).condition.names, '#checked': 'checked' }, values: { ...heldAt(owner).condition.values, ':false': false } } },
  );
}

/** The first `limit` errors of a job's report. */
export async function firstErrors(companyId: string, importId: string, limit: number): Promise<RowError[]> {
  const { Items } = await db().send(new QueryCommand({ TableName: config.tableName, ...withPrefix(importKeys.job(companyId, importId).pk, importKeys.errorPrefix(importId)), ConsistentRead: true, Limit: limit }));
  return (Items ?? []).map((item) => recordOf<RowError>(item, ['row', 'field', 'reason', 'code']));
}

/** The error items of a job's report, from `first` on (written in bulk: writing one again is harmless). */
export async function putErrors(companyId: string, importId: string, errors: readonly RowError[], first = 0): Promise<void> {
  await bulkWrite(errors.map((error, i) => ({ put: { ...importKeys.error(companyId, importId, first + i), entity: 'ImportError', index: first + i, ...error } })));
}

/** One error met while writing, as an item of the report (in the step's transaction). */
export function errorOp(companyId: string, importId: string, index: number, error: RowError): WriteOp {
  return mainTable.put({ ...importKeys.error(companyId, importId, index), entity: 'ImportError', index, ...error });
}

/** The job's final state (with `counts`, the rows found written by a job that stopped): it leaves the unfinished ones and its claim ends. */
export function finishJobOps(companyId: string, job: ImportJob, owner: string, final: { status: ImportStatus; errors: RowError[]; counts?: ImportCounts }): WriteOp[] {
  const now = new Date().toISOString();
  const counts = final.counts ? { expression: ', counts = :counts', values: { ':counts': final.counts } } : { expression: '', values: {} };
  return [
    mainTable.update(
      importKeys.job(companyId, job.id),
      { expression: `SET #status = :status, errors = :errors, finishedAt = :now, updatedAt = :now${counts.expression} REMOVE lease`, names: { '#status': 'status' }, values: { ':status': final.status, ':errors': final.errors, ':now': now, ...counts.values } },
      heldAt(owner),
    ),
    mainTable.delete(importKeys.unfinished(companyId, job.createdAt, job.id)),
  ];
}

/**
 * The job stops writing, for the reason given: the reason goes into its report (as error
 * `index`) and onto the job, so every later worker only winds it down. Once per job.
 */
export function stopJobOps(companyId: string, importId: string, owner: string, index: number, error: RowError): WriteOp[] {
  const held = heldAt(owner);
  return [
    errorOp(companyId, importId, index, error),
    mainTable.update(
      importKeys.job(companyId, importId),
      { expression: 'SET #stop = :stop, errorCount = errorCount + :one, updatedAt = :now', names: { '#stop': 'stop' }, values: { ':stop': error, ':one': 1, ':now': new Date().toISOString() } },
      { ...held, condition: { ...held.condition, expression: `${held.condition.expression} AND attribute_not_exists(#stop)`, names: { ...held.condition.names, '#stop': 'stop' } } },
    ),
  ];
}

/** A run of the worker failed: the failures counted at this point of the job are recorded, the claim kept until `retryAt` (job-leases.ts). */
export async function recordFault(companyId: string, importId: string, owner: string, faults: NonNullable<ImportJob['faults']>, retryAt: Date): Promise<void> {
  await recordLeasedFault(IMPORT_JOBS, companyId, importId, owner, faults, retryAt);
}

/** Gives the claim up before it runs out (a worker stopping between steps), so the next worker need not wait. */
export async function releaseJob(companyId: string, importId: string, owner: string): Promise<void> {
  await releaseLease(IMPORT_JOBS, companyId, importId, owner);
}
