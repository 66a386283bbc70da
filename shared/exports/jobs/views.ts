import type { ResponseOf } from '../../schemas/responses.ts';
import type { ExportJob } from './records.ts';
import { fileExpiresAt } from './rules.ts';

export type ExportView = ResponseOf<'ExportResponse'>;

/** A job as answered: fields a state lacks are null; `download`, the signed link to an available file. The worker's claim stays inside. */
export function exportView(job: ExportJob, download?: { url: string; expiresAt: string }): ExportView {
  return {
    id: job.id,
    route: job.route,
    format: job.format,
    parameters: job.parameters,
    status: job.status,
    reason: job.failure?.reason ?? null,
    code: job.failure?.code ?? null,
    fileName: job.file?.fileName ?? null,
    lines: job.file?.lines ?? null,
    bytes: job.file?.bytes ?? null,
    downloadUrl: download?.url ?? null,
    downloadUrlExpiresAt: download?.expiresAt ?? null,
    fileExpiresAt: job.file && job.completedAt ? fileExpiresAt(job.completedAt) : null,
    createdBy: job.createdBy,
    createdAt: job.createdAt,
    startedAt: job.startedAt ?? null,
    completedAt: job.completedAt ?? null,
  };
}
