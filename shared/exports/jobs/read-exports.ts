import type { ActorRef } from '../../auth/actor.ts';
import { NotFound } from '../../errors.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import type { ExportJob } from './records.ts';
import { DOWNLOAD_URL_SECONDS, fileExpiresAt } from './rules.ts';
import type { ExportReads } from './store.ts';
import { exportView, type ExportView } from './views.ts';

/**
 * An export job is its creator's: the file shows what their permissions showed (an account's
 * name, a cost center's path), so another caller, even of the same company, is told it does
 * not exist. Errors: NotFound.
 */
export async function getExport(reads: ExportReads, companyId: string, caller: ActorRef, exportId: string): Promise<ExportView> {
  const job = await reads.job(companyId, exportId);
  if (!job || !sameActor(job.createdBy, caller)) throw new NotFound('The export');
  return viewWithLink(reads, job);
}

/** The caller's export jobs, newest first unless orderAsc. Errors: ValidationError (InvalidCursor). */
export async function listExports(reads: ExportReads, companyId: string, caller: ActorRef, query: ListQuery): Promise<Page<ExportView>> {
  if (!caller) return { currentPage: query.page ?? null, results: [], nextPage: null };
  const page = await reads.jobs(companyId, caller, query);
  return { ...page, results: await Promise.all(page.results.map((job) => viewWithLink(reads, job))) };
}

const sameActor = (a: ActorRef, b: ActorRef) => a !== null && b !== null && a.type === b.type && a.id === b.id;

/** An available file gets a link that works a few minutes, while the file is kept. */
async function viewWithLink(reads: ExportReads, job: ExportJob): Promise<ExportView> {
  const now = Date.now();
  if (job.status !== 'available' || !job.file || !job.completedAt || Date.parse(fileExpiresAt(job.completedAt)) <= now) return exportView(job);
  const url = await reads.downloadUrl(job.file, DOWNLOAD_URL_SECONDS);
  return exportView(job, { url, expiresAt: new Date(now + DOWNLOAD_URL_SECONDS * 1000).toISOString() });
}
