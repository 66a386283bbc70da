import { randomUUID } from 'node:crypto';
import { requestLogger } from '../../logger.ts';
import { runOldestPerCompany } from '../../jobs/oldest-per-company.ts';
import { ExportRunFailed, runExport, type ExportWriter } from './run-export.ts';
import type { ExportWork } from './store.ts';

/**
 * The export worker: runs every unfinished export job no live worker holds, each company's one
 * at a time in the order they were made (the loop the import worker runs: jobs/oldest-per-company.ts),
 * so a company's exporters take one job's read budget at a time whatever their number. Run by
 * the function the table's stream and a schedule start in AWS (functions/ops/run-exports.ts), and
 * every second beside `npm start` (infra/local/export-worker.ts); tests call it directly.
 * `deadline` (epoch ms) stops it between jobs; `companyId` narrows it to one company's jobs.
 */
export async function runPendingExports(work: ExportWork, write: ExportWriter, options: { deadline?: number; companyId?: string } = {}): Promise<{ finished: number; failed: number }> {
  return runOldestPerCompany(
    () => work.unfinishedJobs(options.companyId),
    ({ companyId, jobId }) => runExport(work, write, companyId, jobId),
    ({ companyId, jobId }, error) => {
      const fault = error instanceof ExportRunFailed ? error : undefined;
      const fields = { companyId, exportId: jobId, error: String(fault?.cause ?? error), failures: fault?.count };
      requestLogger(randomUUID()).error(fault?.stopped ? 'export failed again and again; it ended failed' : 'export run failed; a later run tries again', fields);
    },
    options.deadline,
  );
}
