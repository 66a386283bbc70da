import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import type { Principal } from '../../shared/auth/principal.ts';
import { exportWork } from '../../shared/db/stores/export-work.ts';
import { RequestUnitOfWork } from '../../shared/db/table/unit-of-work.ts';
import { ValidationError } from '../../shared/errors.ts';
import { runPendingExports } from '../../shared/exports/jobs/export-worker.ts';
import type { ExportWriter } from '../../shared/exports/jobs/run-export.ts';
import type { ApiRequest } from '../../shared/http/api-request.ts';
import { PARSE_REPORTING_INPUT, zodIssuesToErrors } from '../../shared/http/field-path.ts';
import type { RouteHandler } from '../../shared/http/lambda-handler.ts';
import { requestLogger } from '../../shared/logger.ts';

/**
 * The handler of each route an export job may run (shared/routes/export-targets.ts; a test holds
 * the two lists together), loaded with the first job of its route: the worker writes a job's
 * file by running the route's own use case (`run`), as a GET of the route with the job's
 * parameters would, so the file is the route's file.
 */
export const EXPORT_HANDLERS: Record<string, () => Promise<{ handler: RouteHandler }>> = {
  'journals.list': () => import('../journals/list.ts'),
  'reports.trialBalance': () => import('../reports/trial-balance.ts'),
  'reports.incomeStatement': () => import('../reports/income-statement.ts'),
  'reports.balanceSheet': () => import('../reports/balance-sheet.ts'),
  'reports.cashFlow': () => import('../reports/cash-flow.ts'),
  'reports.budgetVsActual': () => import('../reports/budget-vs-actual.ts'),
  'reports.vatReturn': () => import('../reports/vat-return.ts'),
  'reports.generalLedger': () => import('../reports/general-ledger.ts'),
  'reports.segregation': () => import('../reports/segregation.ts'),
  'auditFiles.safT': () => import('../audit-files/saf-t.ts'),
};

/**
 * Writes a job's file: the route's query parsed from the job's parameters (as its GET would
 * parse them), and its use case run in the creator's name with the permissions they hold now,
 * the file going into the job's output (exports/answer.ts, FileJob).
 * Errors: ValidationError naming the parameter (checked when the job was made; the schema may
 * have changed since), and the route's.
 */
export const writeExportFile: ExportWriter = async (companyId, job, granted, file) => {
  const load = EXPORT_HANDLERS[job.route];
  if (!load) throw ValidationError.field('route', `${job.route} is not a route an export job runs`);
  const { handler } = await load();
  // A file-only route's query takes no format: its one format is the job's.
  const parsed = handler.route.query!().safeParse({ ...job.parameters, ...(handler.route.fileOnly ? {} : { format: job.format }) }, PARSE_REPORTING_INPUT);
  if (!parsed.success) throw new ValidationError(zodIssuesToErrors(parsed.error.issues, 'parameters'));
  const requestId = randomUUID();
  const principal: Principal = job.createdBy.type === 'user' ? { kind: 'user', userId: job.createdBy.id, email: '' } : { kind: 'apiKey', keyId: job.createdBy.id, companyId, permissions: [...granted] };
  const request: ApiRequest = {
    requestId,
    route: handler.route,
    log: requestLogger(requestId),
    principal,
    companyId,
    permissions: granted,
    params: { companyId },
    body: undefined,
    query: parsed.data,
    uow: new RequestUnitOfWork(() => job.createdBy),
    responseHeaders: {},
    fileJob: file,
  };
  await handler.run(request as never);
};

/** The export worker on the table's jobs and the exports bucket: this function's, the local stack's (infra/local/export-worker.ts) and the tests'. */
export const runExports = (options: { deadline?: number; companyId?: string } = {}) => runPendingExports(exportWork, writeExportFile, options);

/** Time a job may take, kept free before the function's timeout when it starts one: a file at the job's caps at the job's read pace (docs/decisions.md, "Export jobs"). */
const LONGEST_JOB_MS = 12 * 60_000;

/**
 * The export worker (shared/exports/jobs/export-worker.ts). Started by the main table's stream
 * when a job is accepted (a new unfinished-export item) and by a schedule every minute, which
 * takes up a job whose worker died (its file written again from the start). It starts a job
 * only while the function has the time the longest job takes.
 */
export async function handler(_event: unknown, context: Context): Promise<{ finished: number; failed: number }> {
  return runExports({ deadline: Date.now() + context.getRemainingTimeInMillis() - LONGEST_JOB_MS });
}
