import { AppError } from '../errors.ts';
import { writtenRecordEvent } from '../events/event-record.ts';
import type { EventType } from '../events/event-types.ts';
import { creatorAccessLost } from './creator-access.ts';
import type { ImportJob, RowError } from './records.ts';
import type { ImportWork } from './store.ts';
import type { Change } from '../unit-of-work.ts';

/** How long a worker's claim holds without a step: longer than any one step takes. */
export const CLAIM_MS = 60_000;

/** Raised between steps once the worker's time is up (a function about to time out): the next worker resumes. */
export class TimeUp extends Error {
  constructor() {
    super('The worker stopped between two steps; the next one resumes the job.');
  }
}

/** Raised before a write step when the job must write no more (its creator's access is gone): the job stops, winding down what it holds. */
export class JobStopped extends Error {
  constructor(readonly error: RowError) {
    super(error.reason);
  }
}

/**
 * Raised when the writes of a record cannot even be built (the builders are pure: the record
 * itself is at fault, so building them again fails again): its row is set aside at once
 * (row-failure.ts) rather than the job retried.
 */
export class Unwritable extends Error {
  constructor(override readonly cause: unknown) {
    super(`could not be written (${cause instanceof Error ? cause.message : String(cause)}); nothing of it was written`);
  }
}

/** What `build` builds, its failure raised as Unwritable (a refusal of the books, AppError, stays one). */
export function built<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new Unwritable(error);
  }
}

/** Raised by a transaction of a step that a previous worker of the job applied already. */
export class AlreadyWritten extends AppError {
  constructor() {
    super(409, [{ name: 'generalErrors', reason: 'Written already by this job.', code: 'AlreadyWritten' }]);
  }
}

/**
 * A job's write steps, numbered from 0 in an order every worker of the job computes alike.
 * Each step is recorded on the job by the write that applies it (or, for writes that may be
 * repeated, right after them), conditionally on being the job's next step and on the worker's
 * claim: a step already recorded is skipped, so a resumed job applies each step once. Before
 * each write step the creator's access is read again (creator-access.ts): once it is gone the
 * step raises JobStopped and nothing more is written in their name.
 */
export class JobSteps {
  next: number;
  written: number;
  errorCount: number;
  /**
   * Where the part being written starts among the job's steps: a job of several parts (a whole
   * SAF-T file) writes each part with its own steps numbered from 0, shifted by this.
   */
  offset = 0;

  constructor(
    readonly work: ImportWork,
    readonly companyId: string,
    readonly job: ImportJob,
    readonly owner: string,
    private readonly deadline = Number.POSITIVE_INFINITY,
  ) {
    this.next = job.progress.step;
    this.written = job.counts.written;
    this.errorCount = job.errorCount;
  }

  /** Errors met while writing (the job's errors beyond those its check found). */
  get failedWrites(): number {
    return this.errorCount - (this.job.progress.checkErrors ?? this.errorCount);
  }

  private advance(step: number, effect: { written?: number; errors?: number }): Change {
    return this.work.advanceChange(this.companyId, this.job.id, this.owner, step, new Date(Date.now() + CLAIM_MS), effect);
  }

  /** The part's next step (its own numbering). */
  get nextOfPart(): number {
    return this.next - this.offset;
  }

  private async begin(step: number, writes = true): Promise<boolean> {
    if (step < this.next) return false;
    if (step !== this.next) throw new Error(`Import step ${step} before step ${this.next}`);
    if (Date.now() > this.deadline) throw new TimeUp();
    const lost = writes ? await creatorAccessLost(this.work.access, this.companyId, this.job) : undefined;
    if (lost) throw new JobStopped(lost);
    return true;
  }

  private done(effect: { written?: number; errors?: number }): void {
    this.next++;
    this.written += effect.written ?? 0;
    this.errorCount += effect.errors ?? 0;
  }

  /** Step `step` as one transaction with its record (at most 99 items of its own). */
  async inTransaction(part: number, ops: () => Change[] | Promise<Change[]>, effect: { written?: number } = {}): Promise<void> {
    const step = part + this.offset;
    if (!(await this.begin(step))) return;
    await this.work.commit([...(await built(ops)), this.advance(step, effect)]);
    this.done(effect);
  }

  /**
   * Step `step` as several transactions at once, each of which refuses to apply twice (its
   * failed condition raising AlreadyWritten), recorded once all are applied: a resumed step
   * applies only those that were not. `alongside`: writes that may be repeated (idempotent puts),
   * sent beside the transactions and recorded with them, so the database is kept busy while a
   * transaction waits on its locks.
   */
  async inTransactions(part: number, transactions: ReadonlyArray<() => Change[]>, effect: { written?: number } = {}, alongside?: () => Promise<void>): Promise<void> {
    const step = part + this.offset;
    if (!(await this.begin(step))) return;
    // Settled, not all: a failure returns only once the others have landed or failed, so whoever
    // handles it (a retry, the wind-down) never races a write still in flight.
    const outcomes = await Promise.allSettled([...transactions.map(async (ops) => this.work.commit(built(ops))), ...(alongside ? [alongside()] : [])]);
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected' && !(o.reason instanceof AlreadyWritten));
    if (failure) throw failure.reason;
    await this.work.commit([this.advance(step, effect)]);
    this.done(effect);
  }

  /** Step `step` as writes that may be repeated (idempotent puts), recorded once they are all done. */
  async repeatable(part: number, work: () => Promise<void>, effect: { written?: number } = {}): Promise<void> {
    const step = part + this.offset;
    if (!(await this.begin(step))) return;
    await work();
    await this.work.commit([this.advance(step, effect)]);
    this.done(effect);
  }

  /** Step `step` could not be written: the error goes into the report, as that step (a report entry, not a write in the creator's name). */
  async failed(part: number, error: RowError): Promise<void> {
    const step = part + this.offset;
    if (!(await this.begin(step, false))) return;
    await this.work.commit([this.work.errorChange(this.companyId, this.job.id, this.errorCount, error), this.advance(step, { errors: 1 })]);
    this.done({ errors: 1 });
  }

  /** The outbox item of the ordinary event of a record the job writes (the record is the response's), in the name of whoever created the job. */
  eventOp(type: EventType, response: unknown): Change {
    return this.work.eventChange(writtenRecordEvent(type, this.companyId, this.job.createdBy, response));
  }
}

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
  /** What a job stopped part way must undo before it ends: the writes for its last transaction, and the rows it wrote (write-journals.ts). */
  windDown?(steps: JobSteps): Promise<{ release: Change[]; written: number }>;
}
