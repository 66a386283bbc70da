import type { Context } from 'aws-lambda';
import { runPendingImports } from '../../shared/imports/import-worker.ts';

/** Time left for the last step when the worker stops taking new ones: longer than any step takes. */
const MARGIN_MS = 90_000;

/**
 * The import worker (shared/imports/import-worker.ts). Started by the main table's stream when a
 * job is accepted (a new unfinished-import item) and by a schedule every minute, which resumes a
 * job whose worker died or ran out of time. It stops between steps before the function's timeout;
 * the schedule's next run goes on from there.
 */
export async function handler(_event: unknown, context: Context): Promise<{ finished: number; failed: number }> {
  return runPendingImports({ deadline: Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS });
}
