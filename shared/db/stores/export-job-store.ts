import type { ActorRef } from '../../auth/actor.ts';
import { ClaimLost } from '../../errors.ts';
import type { ExportedFile, ExportJob } from '../../exports/jobs/records.ts';
import { mapPage, type ListQuery, type Page } from '../../schemas/list-query.ts';
import { exportKeys } from '../table/keys.ts';
import { matchingFilter, queryPage } from '../table/paginate.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import { transactWrite, type WriteOp } from '../table/transact.ts';
import { claimLeasedJob, recordLeasedFault, releaseLease, renewLease, unfinishedLeasedJobs, type LeasedJobs } from './job-leases.ts';

/**
 * Storage of export jobs (shared/exports/jobs/records.ts): the job item, in its creator's list
 * (a job is its creator's), and one item per unfinished job in a partition across companies,
 * which the worker reads to find work, under the claims the import worker's jobs take
 * (job-leases.ts). An ended job is purged by the table's TTL with its file.
 */

const JOB_FIELDS = [
  'id', 'route', 'access', 'format', 'parameters', 'status', 'failure', 'file', 'createdBy', 'createdAt', 'updatedAt', 'startedAt', 'completedAt', 'faults', 'lease',
] as const satisfies ReadonlyArray<keyof ExportJob>;

const jobFromItem = (item: Item): ExportJob => recordOf<ExportJob>(item, JOB_FIELDS);

export const EXPORT_JOBS: LeasedJobs = { job: exportKeys.job, unfinishedPartition: exportKeys.unfinishedPartition, jobAttribute: 'exportId' };

const creatorOf = (actor: NonNullable<ActorRef>) => `${actor.type}:${actor.id}`;

/** The new job, in its creator's list and among the unfinished ones, in the request's transaction. */
export function newExportJobOps(companyId: string, job: ExportJob): WriteOp[] {
  return [
    mainTable.put({ ...exportKeys.job(companyId, job.id), ...exportKeys.jobByCreation(companyId, creatorOf(job.createdBy), job.createdAt, job.id), entity: 'Export', companyId, ...job }, { condition: conditions.absent }),
    mainTable.put({ ...exportKeys.unfinished(companyId, job.createdAt, job.id), entity: 'UnfinishedExport', companyId, exportId: job.id, createdAt: job.createdAt }),
  ];
}

export async function getExportJob(companyId: string, exportId: string): Promise<ExportJob | undefined> {
  const item = await getItem(exportKeys.job(companyId, exportId), { consistent: true });
  return item && jobFromItem(item);
}

/** The jobs `createdBy` asked for in the company by creation time, a page at a time; the keyword matches the route's name. */
export async function exportJobsPage(companyId: string, createdBy: NonNullable<ActorRef>, query: ListQuery): Promise<Page<ExportJob>> {
  const keyword = query.keyword ?? '';
  const creator = creatorOf(createdBy);
  const page = await queryPage({
    index: 'gsi1',
    partition: exportKeys.jobListPartition(companyId, creator),
    pageSize: query.pageSize,
    page: query.page,
    // The creator is in the binding: a cursor of one caller's list is refused in another's.
    binding: { companyId, endpoint: 'exports.list', orderBy: query.orderBy, orderAsc: query.orderAsc, filters: { keyword, creator } },
    ...matchingFilter({}, { attribute: 'route', text: keyword }),
  });
  return mapPage(page, jobFromItem);
}

export const unfinishedExportJobs = (companyId?: string) => unfinishedLeasedJobs(EXPORT_JOBS, companyId);

export async function claimExportJob(companyId: string, exportId: string, owner: string, now: Date, until: Date): Promise<ExportJob | undefined> {
  const item = await claimLeasedJob(EXPORT_JOBS, companyId, exportId, owner, now, until);
  return item && jobFromItem(item);
}

export const renewExportJob = (companyId: string, exportId: string, owner: string, until: Date) => renewLease(EXPORT_JOBS, companyId, exportId, owner, until);
export const releaseExportJob = (companyId: string, exportId: string, owner: string) => releaseLease(EXPORT_JOBS, companyId, exportId, owner);
export const recordExportFault = (companyId: string, exportId: string, owner: string, faults: NonNullable<ExportJob['faults']>, retryAt: Date) => recordLeasedFault(EXPORT_JOBS, companyId, exportId, owner, faults, retryAt);

/**
 * Ends the job, while `owner` holds it: available with its file, or failed with the reason; it
 * leaves the unfinished ones, its claim ends, and the table's TTL purges it after `keptUntil`
 * (when its file goes). Errors: ClaimLost.
 */
export async function finishExportJob(companyId: string, job: ExportJob, owner: string, end: { file: ExportedFile } | { failure: { reason: string; code: string } }, keptUntil: Date): Promise<void> {
  const now = new Date();
  const purgeAt = Math.floor(keptUntil.getTime() / 1000);
  const outcome = 'file' in end ? { ':status': 'available', ':end': end.file } : { ':status': 'failed', ':end': end.failure };
  await transactWrite([
    mainTable.update(
      exportKeys.job(companyId, job.id),
      {
        expression: `SET #status = :status, #end = :end, completedAt = :now, updatedAt = :now, purgeAt = :purgeAt REMOVE lease`,
        names: { '#status': 'status', '#end': 'file' in end ? 'file' : 'failure' },
        values: { ...outcome, ':now': now.toISOString(), ':purgeAt': purgeAt },
      },
      { condition: { expression: 'lease.#owner = :owner', names: { '#owner': 'owner' }, values: { ':owner': owner } }, onConditionFailed: () => new ClaimLost() },
    ),
    mainTable.delete(exportKeys.unfinished(companyId, job.createdAt, job.id)),
  ]);
}
