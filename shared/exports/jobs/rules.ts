import { missingPermissions } from '../../auth/permissions.ts';
import type { AppError } from '../../errors.ts';
import type { ExportJob } from './records.ts';

/**
 * Export job rules, pure: what a job's parameters are as a query string gives them, when its
 * creator may no longer have it written, what a refusal says on the job, and which failures
 * pass (a later run tries again) rather than end it.
 */

/** Days an export's file is kept (the exports bucket's lifecycle deletes it then; the job goes with it). */
export const EXPORT_FILE_DAYS = 7;

/** Seconds a download URL works: long enough to start the download, short enough that a forwarded link soon dies. */
export const DOWNLOAD_URL_SECONDS = 300;

/** The parameters as a query string gives them: text, numbers and booleans written as they are. */
export function parametersAsText(parameters: Readonly<Record<string, string | number | boolean>>): Record<string, string> {
  return Object.fromEntries(Object.entries(parameters).map(([name, value]) => [name, String(value)]));
}

/** An error's field named as the job's body names it: a query field as `parameters.<field>`, the rest as they are. */
export const parameterField = (name: string) => (name === 'generalErrors' || name.startsWith('parameters') ? name : `parameters.${name}`);

/** A refusal as the failed job shows it: its first error's field and reason, and its code. */
export function failureOf(error: AppError): { reason: string; code: string } {
  const first = error.items[0];
  if (!first) return { reason: error.message, code: 'ExportFailed' };
  const field = first.name === 'generalErrors' ? '' : `${parameterField(first.name)}: `;
  return { reason: `${field}${first.reason}`, code: first.code };
}

/** A refusal that passes (a wide posting under way, the database busy): the next run tries again, as a client would. */
export const passing = (error: AppError) => error.status >= 500 || error.status === 429 || error.items.some((i) => i.code === 'PostingInProgress');

/**
 * Why the job may no longer be written in its creator's name, or undefined while it may: the
 * creator (a member, an API key) must still have access to the company and hold what the request
 * that created it needed (`exports:read` and the route's permission). `granted` is read afresh by
 * the worker (null: no access at all).
 */
export function creatorAccessLost(job: Pick<ExportJob, 'createdBy' | 'access' | 'route'>, granted: readonly string[] | null): { reason: string; code: string } | undefined {
  const who = job.createdBy.type === 'user' ? `member ${job.createdBy.id}` : `API key ${job.createdBy.id}`;
  if (granted === null) return { reason: `whoever asked for the export (${who}) no longer has access to the company (removed, revoked or expired); no file was written`, code: 'CreatorAccessRevoked' };
  const missing = missingPermissions(granted, ['exports:read', job.access]);
  if (missing.length === 0) return undefined;
  return { reason: `whoever asked for the export (${who}) no longer holds ${missing.join(', ')}, which ${job.route} needs; no file was written`, code: 'CreatorAccessRevoked' };
}

/** When a file written at `completedAt` is deleted. */
export const fileExpiresAt = (completedAt: string) => new Date(Date.parse(completedAt) + EXPORT_FILE_DAYS * 86_400_000).toISOString();
