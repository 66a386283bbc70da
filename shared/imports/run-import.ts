import { randomUUID } from 'node:crypto';
import { accounts } from '../accounts/account-kind.ts';
import { costCenters } from '../cost-centers/cost-center-kind.ts';
import { checkedOp, claimJob, ClaimLost, deletePayload, finishJobOps, firstErrors, putErrors, readPayload, releaseJob } from '../db/import-store.ts';
import type { NodeRecord } from '../db/node-store.ts';
import { drawSerials } from '../db/journal-store.ts';
import { transactWrite } from '../db/transact.ts';
import { AppError } from '../errors.ts';
import { planBudgetImport } from './budget-import.ts';
import { ChartIndex } from './chart-index.ts';
import { CLAIM_MS, JobSteps, TimeUp } from './job-steps.ts';
import { planJournalImport } from './journal-import.ts';
import { planNodes, type NodeImportKind } from './plan-nodes.ts';
import { LISTED_ERRORS, type ImportCounts, type ImportJob, type RowError } from './records.ts';
import { readRows, type SourceRow } from './read-rows.ts';
import { finalStatus } from './rules.ts';
import { writeNodes } from './write-nodes.ts';
import { ImportRefused } from './write-journals.ts';

/**
 * What the check of a file found and how to write it: the rows found invalid or already in the
 * books, how many write units (nodes, journals) it plans, and the writer of those units.
 */
export interface ImportPlan {
  errors: RowError[];
  invalidRows: Set<number>;
  skippedRows: Set<number>;
  /** Rows the plan writes (valid, not already there). */
  rowsToWrite: number;
  /** Write units (nodes, journals): a resumed job must plan as many. */
  units: number;
  /** Serial numbers the plan needs (journals), drawn once per job before the check is recorded. */
  serials?: number;
  write(steps: JobSteps): Promise<void>;
}

/** What became of one run of the worker on a job. */
export type RunOutcome = 'finished' | 'busy' | 'stopped' | 'lost';

/**
 * Runs an import job: claims it (a queued job, or a running one whose worker's claim ran out),
 * reads its file, checks every row, records the check once (counts and the error report), then
 * (unless a dry run, or an atomic import with an invalid row) writes in steps and ends the job.
 * A job interrupted anywhere is taken up again by the next worker, which checks the file again
 * (recognising what the job wrote by its ids) and goes on at the first step not recorded.
 * `deadline` (epoch ms) stops the worker between steps (a function about to time out).
 * Answers busy when another worker holds the job or it is final, lost when another took it over.
 */
export async function runImport(companyId: string, importId: string, options: { deadline?: number } = {}): Promise<RunOutcome> {
  const owner = randomUUID();
  const now = new Date();
  const job = await claimJob(companyId, importId, owner, now, new Date(now.getTime() + CLAIM_MS));
  if (!job) return 'busy';
  const steps = new JobSteps(companyId, job, owner, options.deadline);
  try {
    await runClaimed(steps);
    return 'finished';
  } catch (error) {
    if (error instanceof ClaimLost) return 'lost';
    await releaseJob(companyId, importId, owner);
    if (error instanceof TimeUp) return 'stopped';
    throw error;
  }
}

async function runClaimed(steps: JobSteps): Promise<void> {
  const { companyId, job } = steps;
  let rows: SourceRow[];
  let plan: ImportPlan;
  try {
    const text = await readPayload(companyId, job.id);
    const read = readRows(job.kind, job.format, job.format === 'csv' ? text : (JSON.parse(text) as unknown));
    rows = read.rows;
    plan = await planFor(job, companyId, read.rows, read.errors);
  } catch (error) {
    // A file the request accepted can still be refused by a check the request does not make.
    if (!(error instanceof AppError) || error.status >= 500 || error instanceof ClaimLost) throw error;
    return finishUnreadable(steps, { row: 0, field: error.items[0]!.name, reason: error.items[0]!.reason, code: error.items[0]!.code });
  }
  const counts: ImportCounts = { rows: rows.length, valid: rows.length - plan.invalidRows.size, invalid: plan.invalidRows.size, written: steps.written, skippedDuplicates: plan.skippedRows.size };
  const writes = !job.dryRun && !(job.mode === 'atomic' && counts.invalid > 0) && plan.units > 0;
  if (!job.progress.checked) {
    await putErrors(companyId, job.id, plan.errors);
    const serialBase = writes && plan.serials ? await drawSerials(companyId, plan.serials) : undefined;
    await transactWrite([checkedOp(companyId, job.id, steps.owner, { counts, errors: plan.errors.slice(0, LISTED_ERRORS), errorCount: plan.errors.length, planned: plan.units, serialBase })]);
    steps.errorCount = plan.errors.length;
    job.progress = { ...job.progress, checked: true, checkErrors: plan.errors.length, planned: plan.units, serialBase };
  } else if (job.progress.planned !== plan.units) {
    return finishUnreadable(steps, { row: 0, field: 'data', reason: `the books changed while the import was interrupted: its check now plans ${plan.units} writes where it planned ${job.progress.planned}; import the rest again`, code: 'BooksChanged' });
  }
  // An atomic import stops at its first refused write, also when resumed after it.
  try {
    if (writes && !(job.mode === 'atomic' && steps.failedWrites > 0)) await plan.write(steps);
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error;
    return finishUnreadable(steps, error.error);
  }
  await finish(steps, { ...counts, written: steps.written });
}

async function planFor(job: ImportJob, companyId: string, rows: SourceRow[], readErrors: RowError[]): Promise<ImportPlan> {
  if (job.kind === 'accounts' || job.kind === 'costCenters') return planNodeImport(job, companyId, job.kind, rows, readErrors);
  if (job.kind === 'budgetLines') return planBudgetImport(job, companyId, rows, readErrors);
  return planJournalImport(job, companyId, rows, readErrors);
}

async function planNodeImport(job: ImportJob, companyId: string, kind: NodeImportKind, rows: SourceRow[], readErrors: RowError[]): Promise<ImportPlan> {
  const nodes: NodeRecord[] = kind === 'accounts' ? await accounts.store.all(companyId) : await costCenters.store.all(companyId);
  const index = new ChartIndex(nodes);
  const plan = planNodes(kind, job.id, rows, readErrors, index, new Date().toISOString());
  return { ...plan, rowsToWrite: plan.writes.length, units: plan.writes.length, write: (steps) => writeNodes(steps, kind, plan.writes) };
}

/** Ends the job: its status from what happened, its first errors, and its payload deleted. */
async function finish(steps: JobSteps, counts: ImportCounts): Promise<void> {
  const { companyId, job } = steps;
  const status = finalStatus(job, counts, steps.failedWrites);
  await transactWrite(finishJobOps(companyId, { ...job, counts }, steps.owner, { status, errors: await firstErrors(companyId, job.id, LISTED_ERRORS) }));
  await deletePayload(companyId, job);
}

/** A job whose file cannot be read or planned at all, or that the books refuse before it writes: failed, with the error saying why. */
async function finishUnreadable(steps: JobSteps, error: RowError): Promise<void> {
  const { companyId, job } = steps;
  await steps.failed(steps.next, error);
  await transactWrite(finishJobOps(companyId, job, steps.owner, { status: 'failed', errors: await firstErrors(companyId, job.id, LISTED_ERRORS) }));
  await deletePayload(companyId, job);
}
