import { randomUUID } from 'node:crypto';
import { requestLogger } from '../logger.ts';
import { emfFields, IMPORT_METRICS } from '../metrics.ts';
import { runOldestPerCompany } from '../jobs/oldest-per-company.ts';
import { ImportRunFailed, runImport } from './run-import.ts';
import type { ImportWork } from './store.ts';

/**
 * The import worker: runs every unfinished job that no live worker holds, each company's jobs
 * one at a time in the order they were created (a company's imports build on each other: the
 * chart before its journals). Returns how many jobs it ended. Run by the function the table's
 * stream and a schedule start in AWS (functions/ops/run-imports.ts), and every second beside
 * `npm start` (infra/local/import-worker.ts); tests call it directly.
 * `deadline` (epoch ms) stops it between steps, leaving the rest to the next run; `companyId`
 * narrows it to one company's jobs. `work`: the jobs and books as shared/db keeps them.
 */
export async function runPendingImports(work: ImportWork, options: { deadline?: number; companyId?: string } = {}): Promise<{ finished: number; failed: number }> {
  return runOldestPerCompany(
    async () => (await work.unfinishedJobs(options.companyId)).map(({ companyId, importId }) => ({ companyId, jobId: importId })),
    ({ companyId, jobId }) => runImport(work, companyId, jobId, options),
    ({ companyId, jobId }, error) => logFailure(companyId, jobId, error),
    options.deadline,
  );
}

/**
 * A failed run, at error level with its metric: a job that stopped after failing again and again
 * counts in ImportsStopped (an alarm), any other failure in ImportRunsFailed.
 */
function logFailure(companyId: string, importId: string, error: unknown): void {
  const fault = error instanceof ImportRunFailed ? error : undefined;
  const fields = { companyId, importId, error: String(fault?.cause ?? error), ...(fault ? { at: fault.faults.at, failures: fault.faults.count } : {}) };
  if (fault?.stopped) {
    requestLogger(randomUUID()).error('import stopped after failing again and again; it ends failed and releases the company', { ...fields, ...emfFields({ [IMPORT_METRICS.importsStopped]: 1, [IMPORT_METRICS.importRunsFailed]: 1 }) });
  } else {
    requestLogger(randomUUID()).error('import failed; a later run retries it', { ...fields, ...emfFields({ [IMPORT_METRICS.importRunsFailed]: 1 }) });
  }
}
