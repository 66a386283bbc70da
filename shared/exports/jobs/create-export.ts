import { randomUUID } from 'node:crypto';
import { missingPermissions } from '../../auth/permissions.ts';
import { Forbidden } from '../../errors.ts';
import type { UnitOfWork } from '../../unit-of-work.ts';
import type { ExportJob, ExportJobFormat } from './records.ts';
import type { ExportQueue } from './store.ts';
import { exportView, type ExportView } from './views.ts';

/** The route an export job runs, as the request named it once checked (http/export-target.ts): its permission, and its parameters as text. */
export interface ExportTarget {
  route: string;
  access: string;
  format: ExportJobFormat;
  parameters: Record<string, string>;
}

/**
 * Accepts an export job: the caller must hold the permission of the route whose file it asks
 * for, as a GET of that route would; the job is answered queued at once and a worker writes the
 * file (run-export.ts). Errors: Forbidden naming the permission the caller lacks.
 */
export async function createExport(queue: ExportQueue, uow: UnitOfWork, companyId: string, granted: readonly string[], target: ExportTarget): Promise<ExportView> {
  const missing = missingPermissions(granted, [target.access]);
  if (missing.length > 0) throw new Forbidden(`An export of ${target.route} needs ${missing.join(', ')}, as reading it would.`);
  const createdBy = uow.actor;
  if (!createdBy) throw new Forbidden('An export needs a caller to write the file for.');
  const now = new Date().toISOString();
  const job: ExportJob = { id: randomUUID(), route: target.route, access: target.access, format: target.format, parameters: target.parameters, status: 'queued', createdBy, createdAt: now, updatedAt: now };
  return uow.commit(queue.queuedChanges(companyId, job), exportView(job));
}
