/**
 * How a background job's worker (imports, export jobs) treats a run that fails: counted on the
 * job, the next run waiting a while, and the job stopped after MAX_FAULTS failures in a row at
 * one point (imports/run-import.ts, exports/jobs/run-export.ts).
 */

/** Runs of the worker that may fail in a row at one point of a job before it stops there. */
export const MAX_FAULTS = 5;

/** The wait before the next run of a job after `count` failures in a row: 1 s, doubling, at most 5 minutes. */
export const faultBackoffMs = (count: number) => Math.min(1000 * 2 ** (count - 1), 300_000);
