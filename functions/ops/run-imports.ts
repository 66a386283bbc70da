import type { Context } from 'aws-lambda';
import { importWork } from '../../shared/db/stores/import-work.ts';
import { runPendingImports } from '../../shared/imports/import-worker.ts';

/** Time left for the last step when the worker stops taking new ones: longer than any step takes. */
const MARGIN_MS = 90_000;

/** The import worker on the table's jobs and books: this function's, the local stack's (infra/local/import-worker.ts) and the tests'. */
export const runImports = (options: { deadline?: number; companyId?: string } = {}) => runPendingImports(importWork, options);

/**
 * The import worker (shared/imports/import-worker.ts). Started by the main table's stream when a
 * job is accepted (a new unfinished-import item) and by a schedule every minute, which resumes a
 * job whose worker died or ran out of time. It stops between steps before the function's timeout;
 * the schedule's next run goes on from there.
 */
export async function handler(_event: unknown, context: Context): Promise<{ finished: number; failed: number }> {
  return runImports({ deadline: Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS });
}
