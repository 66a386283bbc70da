import type { ActorRef } from '../../auth/actor.ts';
import { EXPORT_JOB_FORMATS, EXPORT_JOB_STATUSES } from '../../schemas/export-job-values.ts';

/**
 * An export job as the service keeps it (pure types; shared/db/stores/export-job-store.ts stores
 * them): a file of an exportable route written by a worker into the exports bucket, for reads
 * too long for a request (docs/decisions.md, Reports, "Export jobs").
 *
 *   queued ──worker claims──> running ──file written──> available
 *                               │  └──refused (parameters, access, size)──> failed
 *                               └──worker died: claim runs out──> running (file written again from the start)
 *
 * A run writes the whole file under one object key, so a run taken up after a crash overwrites
 * what the dead one left: one file per job, never two.
 */
export { EXPORT_JOB_FORMATS, EXPORT_JOB_STATUSES };
export type ExportJobFormat = (typeof EXPORT_JOB_FORMATS)[number];
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** The file a job wrote: its object, its name and type, and its size. */
export interface ExportedFile {
  objectKey: string;
  fileName: string;
  contentType: string;
  /** The file's rows below its header. */
  lines: number;
  bytes: number;
}

export interface ExportJob {
  id: string;
  /** The exportable route's name in the route table (`journals.list`). */
  route: string;
  /** The permission that route needs: the job's creator must hold it when the job runs too. */
  access: string;
  format: ExportJobFormat;
  /** The route's query parameters, as a query string would give them (text). */
  parameters: Record<string, string>;
  status: ExportJobStatus;
  /** Why it failed (failed only). */
  failure?: { reason: string; code: string } | undefined;
  file?: ExportedFile | undefined;
  createdBy: NonNullable<ActorRef>;
  createdAt: string;
  updatedAt: string;
  startedAt?: string | undefined;
  completedAt?: string | undefined;
  /** Runs of the worker that failed in a row, and the last failure. */
  faults?: { at: string; count: number; error: string } | undefined;
  /** The worker running it and until when its claim holds (renewed while it writes). */
  lease?: { owner: string; until: string } | undefined;
}
