import { randomUUID } from 'node:crypto';
import { permissionsOfActor } from '../../auth/access-in-company.ts';
import { AppError, ClaimLost } from '../../errors.ts';
import { faultBackoffMs, MAX_FAULTS } from '../../jobs/faults.ts';
import type { FileJob } from '../answer.ts';
import { jobExportLimits } from '../limits.ts';
import type { ExportJob } from './records.ts';
import { jobOutput } from './job-output.ts';
import { creatorAccessLost, EXPORT_FILE_DAYS, failureOf, passing } from './rules.ts';
import type { ExportWork, JobOutput } from './store.ts';

/** How long a worker's claim holds without being renewed; a run renews it every third of that while it writes. */
export const EXPORT_CLAIM_MS = 60_000;

/**
 * Writes the file of `job`'s route with the creator's permissions as they are now (`granted`):
 * the route's own code run for its file (functions/ops/run-exports.ts), so the file is the one a
 * GET of the route would answer, and shows what that principal's JSON would. Errors: the route's.
 */
export type ExportWriter = (companyId: string, job: ExportJob, granted: readonly string[], file: FileJob) => Promise<void>;

/** A run of the worker on a job failed for a reason that may pass (the error is `cause`); `stopped` when that failure was the last the job allows. */
export class ExportRunFailed extends Error {
  constructor(
    override readonly cause: unknown,
    readonly count: number,
    readonly stopped: boolean,
  ) {
    super(String(cause));
  }
}

/**
 * Runs an export job: claims it (queued, or running with a claim run out: its worker died),
 * checks that its creator still may read what it exports (rules.ts), writes the whole file into
 * the job's one object at the export jobs' read pace, renewing the claim as it goes, and ends it
 * available with the file's name, rows and bytes. A run taken up after a crash writes the file
 * again from the start over the same object, so a job never has two files. A refusal of the
 * route (its parameters, the books, a file past the job's limits) ends the job failed with the
 * reason; a failure that may pass (the database, a wide posting under way) is counted and tried
 * again later, the job failing after MAX_FAULTS in a row (ExportRunFailed).
 * Answers busy when another worker holds the job or it ended, lost when another took it over.
 */
export async function runExport(work: ExportWork, write: ExportWriter, companyId: string, exportId: string): Promise<'finished' | 'busy' | 'lost'> {
  const owner = randomUUID();
  const now = new Date();
  const job = await work.claim(companyId, exportId, owner, now, new Date(now.getTime() + EXPORT_CLAIM_MS));
  if (!job) return 'busy';
  const claim = new HeldClaim(work, companyId, exportId, owner);
  try {
    const granted = await permissionsOfActor(work.access, job.createdBy, companyId);
    const lost = creatorAccessLost(job, granted);
    if (lost) {
      await work.finish(companyId, job, owner, { failure: lost }, keptUntil());
      return 'finished';
    }
    const output = jobOutput(work, companyId, exportId);
    // (No access at all is `lost` above: `granted` is the creator's permissions here.)
    await writeWhole(write, companyId, job, granted ?? [], { limits: jobExportLimits(), output: claim.guarding(output), run: (read) => work.paced(read) }, output);
    claim.check();
    await work.finish(companyId, job, owner, { file: output.written! }, keptUntil());
    return 'finished';
  } catch (error) {
    if (error instanceof ClaimLost) return 'lost';
    if (error instanceof AppError && !passing(error)) {
      await work.finish(companyId, job, owner, { failure: failureOf(error) }, keptUntil());
      return 'finished';
    }
    throw await countFault(work, companyId, job, owner, error);
  } finally {
    claim.stop();
  }
}

/** An ended job is kept as long as its file (the exports bucket's lifecycle). */
const keptUntil = () => new Date(Date.now() + EXPORT_FILE_DAYS * 86_400_000);

/** The file written, or given up when writing it fails. */
async function writeWhole(write: ExportWriter, companyId: string, job: ExportJob, granted: readonly string[], file: FileJob, output: JobOutput): Promise<void> {
  try {
    await write(companyId, job, granted, file);
  } catch (error) {
    await output.abort().catch(() => undefined);
    throw error;
  }
  if (!output.written) throw new Error(`${job.route} answered no file for the export job`);
}

/** Counts a failed run on the job and keeps it from the next run for a while; at the bound, the job ends failed. */
async function countFault(work: ExportWork, companyId: string, job: ExportJob, owner: string, error: unknown): Promise<ExportRunFailed> {
  const count = (job.faults?.count ?? 0) + 1;
  const message = error instanceof Error ? error.message : String(error);
  if (count >= MAX_FAULTS) {
    await work.finish(companyId, job, owner, { failure: { reason: `the worker failed ${count} times in a row writing the file: ${message}; no file was written`, code: 'ExportFailedRepeatedly' } }, keptUntil());
    return new ExportRunFailed(error, count, true);
  }
  await work.recordFault(companyId, job.id, owner, { at: 'file', count, error: message.slice(0, 1000) }, new Date(Date.now() + faultBackoffMs(count)));
  return new ExportRunFailed(error, count, false);
}

/**
 * The run's claim, renewed every third of its life while the file is written. Once a renewal
 * finds it lost (the worker stalled past it and another took the job over), the file is not
 * closed: only the worker holding the claim completes the object.
 */
class HeldClaim {
  private lost: unknown;
  private readonly timer: NodeJS.Timeout;

  constructor(work: ExportWork, companyId: string, exportId: string, owner: string) {
    this.timer = setInterval(() => {
      work.renew(companyId, exportId, owner, new Date(Date.now() + EXPORT_CLAIM_MS)).catch((error: unknown) => (this.lost ??= error));
    }, EXPORT_CLAIM_MS / 3);
    this.timer.unref();
  }

  /** Errors: ClaimLost (or the renewal's failure) once a renewal failed. */
  check(): void {
    if (this.lost) throw this.lost instanceof ClaimLost ? this.lost : new ClaimLost();
  }

  /** The output, closed only while the claim holds. */
  guarding(output: JobOutput): JobOutput {
    return {
      open: (...args) => output.open(...args),
      close: async (sink, rows) => {
        this.check();
        await output.close(sink, rows);
      },
      abort: () => output.abort(),
      get written() {
        return output.written;
      },
    };
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
