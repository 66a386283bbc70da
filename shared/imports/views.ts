import type { ResponseOf } from '../schemas/responses.ts';
import type { ImportJob } from './records.ts';

export type ImportView = ResponseOf<'ImportResponse'>;

/** A job as answered: fields a state lacks are null; the worker's claim and progress stay inside. */
export function importView(job: ImportJob): ImportView {
  return {
    id: job.id,
    kind: job.kind,
    format: job.format,
    mode: job.mode,
    dryRun: job.dryRun,
    post: job.post,
    financialYearId: job.financialYearId ?? null,
    budgetName: job.budgetName ?? null,
    bankAccountId: job.bankAccountId ?? null,
    status: job.status,
    counts: job.counts,
    errors: job.errors,
    errorCount: job.errorCount,
    payload: { bytes: job.payload.bytes, storedBytes: job.payload.storedBytes },
    createdBy: job.createdBy,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    startedAt: job.startedAt ?? null,
    finishedAt: job.finishedAt ?? null,
  };
}
