import { randomUUID } from 'node:crypto';
import { AppError, ClaimLost } from '../errors.ts';
import { faultBackoffMs, MAX_FAULTS } from '../jobs/faults.ts';
import { planCounterpartyImport } from './counterparty-import.ts';
import { planBudgetImport } from './budget-import.ts';
import { ChartIndex } from './chart-index.ts';
import { creatorAccessLost } from './creator-access.ts';
import { CLAIM_MS, JobStopped, JobSteps, TimeUp, type ImportPlan } from './job-steps.ts';
import { planJournalImport } from './journal-import.ts';
import { planNodes, type NodeImportKind } from './plan-nodes.ts';
import { LISTED_ERRORS, STEPS_LAYOUT, type ImportCounts, type ImportJob, type RowError, type RowImportKind } from './records.ts';
import { readRows, type SourceRow } from './read-rows.ts';
import { namedByPath } from './saf-t/named-by-path.ts';
import { planSafTFile } from './saf-t-file-import.ts';
import { taxAccountsOf } from './saf-t-tax-accounts.ts';
import { finalStatus } from './rules.ts';
import { writeNodes } from './write-nodes.ts';
import { ImportRefused } from './write-journals.ts';
import type { ImportWork } from './store.ts';

export { MAX_FAULTS } from '../jobs/faults.ts';

/** A run of the worker on a job failed (the error is `cause`); `stopped` when that failure was the last the job allows. */
export class ImportRunFailed extends Error {
  constructor(
    override readonly cause: unknown,
    readonly faults: { at: string; count: number },
    readonly stopped: boolean,
  ) {
    super(String(cause));
  }
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
 * A job whose creator no longer holds what it needs stops (creator-access.ts); a run that fails
 * otherwise is counted on the job, the next run waiting a while, and after MAX_FAULTS failures in
 * a row at one point the job stops there (ImportRunFailed): stopping winds down what it holds
 * and ends it `failed` (`partiallySucceeded` when it wrote rows), its reason in the report.
 */
export async function runImport(work: ImportWork, companyId: string, importId: string, options: { deadline?: number } = {}): Promise<RunOutcome> {
  const owner = randomUUID();
  const now = new Date();
  const job = await work.claim(companyId, importId, owner, now, new Date(now.getTime() + CLAIM_MS));
  if (!job) return 'busy';
  const steps = new JobSteps(work, companyId, job, owner, options.deadline);
  try {
    await runClaimed(steps);
    return 'finished';
  } catch (error) {
    if (error instanceof ClaimLost) return 'lost';
    if (error instanceof TimeUp) {
      await work.release(companyId, importId, owner);
      return 'stopped';
    }
    throw await countFault(steps, error);
  }
}

/**
 * Counts a failed run on the job (failures in a row at the same point: the check, or a step) and
 * keeps it from the next run for a while; at the bound, the job stops (the next run winds it
 * down at once). Answers the error for the worker to log.
 */
async function countFault(steps: JobSteps, error: unknown): Promise<ImportRunFailed> {
  const { work, companyId, job, owner } = steps;
  const at = job.progress.checked ? `step ${steps.next}` : 'check';
  const count = (job.faults?.at === at ? job.faults.count : 0) + 1;
  const message = error instanceof Error ? error.message : String(error);
  const stopping = count >= MAX_FAULTS && !job.stop;
  if (stopping) {
    const reason = `the worker failed ${count} times in a row at the same point of the import (${at === 'check' ? 'checking the file' : `write ${at}`}): ${message}; it stopped there and wrote nothing more`;
    await work.commit(work.stopChanges(companyId, job.id, owner, steps.errorCount, { row: 0, field: 'data', reason, code: 'ImportFailedRepeatedly' }));
  }
  await work.recordFault(companyId, job.id, owner, { at, count, error: message.slice(0, 1000) }, new Date(Date.now() + (stopping ? 0 : faultBackoffMs(count))));
  return new ImportRunFailed(error, { at, count }, stopping);
}

async function runClaimed(steps: JobSteps): Promise<void> {
  const { work, companyId, job } = steps;
  const stop = job.stop ?? (await creatorAccessLost(work.access, companyId, job));
  let rows: number;
  let plan: ImportPlan;
  try {
    const text = await work.file(companyId, job.id);
    ({ rows, plan } = await checkedFile(work, job, companyId, text));
  } catch (error) {
    // A job stopping that cannot be planned again ends at once when it cannot hold anything.
    if (stop && !mayHoldCompany(job)) return stopJob(steps, undefined, stop);
    // A file the request accepted can still be refused by a check the request does not make.
    if (!(error instanceof AppError) || error.status >= 500 || error instanceof ClaimLost) throw error;
    return finishUnreadable(steps, { row: 0, field: error.items[0]!.name, reason: error.items[0]!.reason, code: error.items[0]!.code });
  }
  if (stop) return stopJob(steps, plan, stop);
  const counts: ImportCounts = { rows, valid: rows - plan.invalidRows.size, invalid: plan.invalidRows.size, written: steps.written, skippedDuplicates: plan.skippedRows.size };
  const writes = !job.dryRun && !(job.mode === 'atomic' && counts.invalid > 0) && plan.units > 0;
  if (!job.progress.checked) {
    await work.putErrors(companyId, job.id, plan.errors);
    const serialBase = writes && plan.serials ? await work.drawSerials(companyId, plan.serials) : undefined;
    await work.commit([work.checkedChange(companyId, job.id, steps.owner, { counts, errors: plan.errors.slice(0, LISTED_ERRORS), errorCount: plan.errors.length, planned: plan.units, serialBase, layout: STEPS_LAYOUT })]);
    steps.errorCount = plan.errors.length;
    job.progress = { ...job.progress, checked: true, checkErrors: plan.errors.length, planned: plan.units, serialBase, layout: STEPS_LAYOUT };
  } else if (job.progress.planned !== plan.units) {
    return finishUnreadable(steps, { row: 0, field: 'data', reason: `the books changed while the import was interrupted: its check now plans ${plan.units} writes where it planned ${job.progress.planned}; import the rest again`, code: 'BooksChanged' });
  }
  // An atomic import stops at its first refused write, also when resumed after it.
  try {
    if (writes && !(job.mode === 'atomic' && steps.failedWrites > 0)) await plan.write(steps);
  } catch (error) {
    if (error instanceof JobStopped) return stopJob(steps, plan, error.error);
    if (!(error instanceof ImportRefused)) throw error;
    return finishUnreadable(steps, error.error);
  }
  await finish(steps, { ...counts, written: steps.written });
}

/** The file read and checked: how many rows (a statement's lines) it holds, and the plan of its writes. */
async function checkedFile(work: ImportWork, job: ImportJob, companyId: string, text: string): Promise<{ rows: number; plan: ImportPlan }> {
  if (job.kind === 'bankStatements') {
    // The statements' parsers (an XML reader among them) load with the first statement file.
    const [{ parsedBankFile }, { planStatementImport }] = await Promise.all([import('../reconciliation/parse-file.ts'), import('../reconciliation/statement-import.ts')]);
    const account = await work.statements.bankAccount(companyId, job.bankAccountId!);
    const plan = await planStatementImport(work.statements, job, companyId, account, await parsedBankFile(job.format, text, job.statement, account?.currency));
    return { rows: plan.rows, plan };
  }
  if (job.kind === 'safT') return planSafTFile(work, job, companyId, text);
  const read = await readRows(job.kind, job.format, job.format === 'json' ? (JSON.parse(text) as unknown) : text, taxAccountsOf(work, companyId));
  const plan = await planFor(work, { ...job, kind: job.kind }, companyId, read.rows, read.errors);
  // A SAF-T file's errors name the element of the field rather than a column.
  return { rows: read.rows.length, plan: read.paths ? { ...plan, errors: namedByPath(plan.errors, read.paths) } : plan };
}

async function planFor(work: ImportWork, job: ImportJob & { kind: RowImportKind }, companyId: string, rows: SourceRow[], readErrors: RowError[]): Promise<ImportPlan> {
  if (job.kind === 'accounts' || job.kind === 'costCenters') return planNodeImport(work, job, companyId, job.kind, rows, readErrors);
  if (job.kind === 'budgetLines') return planBudgetImport(work, job, companyId, rows, readErrors);
  if (job.kind === 'counterparties') return planCounterpartyImport(work, job, companyId, rows, readErrors);
  return planJournalImport(work, job, companyId, rows, readErrors);
}

async function planNodeImport(work: ImportWork, job: ImportJob, companyId: string, kind: NodeImportKind, rows: SourceRow[], readErrors: RowError[]): Promise<ImportPlan> {
  const index = new ChartIndex(await work.nodes(kind, companyId));
  const plan = await planNodes(kind, job.id, rows, readErrors, index, new Date().toISOString());
  return { ...plan, rowsToWrite: plan.writes.length, units: plan.writes.length, write: (steps) => writeNodes(steps, kind, plan.writes) };
}

/** Ends the job: its status from what happened, its first errors, and its payload deleted. */
async function finish(steps: JobSteps, counts: ImportCounts): Promise<void> {
  const { work, companyId, job } = steps;
  const status = finalStatus(job, counts, steps.failedWrites);
  await work.commit(work.finishChanges(companyId, { ...job, counts }, steps.owner, { status, errors: await work.firstErrors(companyId, job.id, LISTED_ERRORS) }));
  await work.deleteFile(companyId, job);
}

/** A journal import that wrote a step may have counted itself under way in the company (write-journals.ts). */
const mayHoldCompany = (job: ImportJob) => (job.kind === 'journals' || job.kind === 'openingBalances' || job.kind === 'safT') && job.progress.step > 0;

/**
 * Ends a job that must write no more: the reason recorded once (report and job), what it holds
 * wound down (the plan's windDown), then the job ended in one transaction with the writes that
 * release the company: `partiallySucceeded` when it wrote rows before, else `failed`, its count
 * of rows written being those of the records found written.
 */
async function stopJob(steps: JobSteps, plan: ImportPlan | undefined, reason: RowError): Promise<void> {
  const { work, companyId, job } = steps;
  if (!job.stop) {
    await work.commit(work.stopChanges(companyId, job.id, steps.owner, steps.errorCount, reason));
    steps.errorCount++;
    job.stop = reason;
  }
  const { release, written } = plan?.windDown && job.progress.checked && !job.dryRun ? await plan.windDown(steps) : { release: [], written: steps.written };
  const status = written > 0 ? 'partiallySucceeded' : 'failed';
  const counts = { ...job.counts, written };
  await work.commit([...work.finishChanges(companyId, job, steps.owner, { status, errors: await work.firstErrors(companyId, job.id, LISTED_ERRORS), counts }), ...release]);
  await work.deleteFile(companyId, job);
}

/** A job whose file cannot be read or planned at all, or that the books refuse before it writes: failed, with the error saying why. */
async function finishUnreadable(steps: JobSteps, error: RowError): Promise<void> {
  const { work, companyId, job } = steps;
  await steps.failed(steps.nextOfPart, error);
  await work.commit(work.finishChanges(companyId, job, steps.owner, { status: 'failed', errors: await work.firstErrors(companyId, job.id, LISTED_ERRORS) }));
  await work.deleteFile(companyId, job);
}
