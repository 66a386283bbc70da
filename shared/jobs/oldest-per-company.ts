/** An unfinished job of a company, as the workers list them (oldest first within a company). */
export interface UnfinishedJob {
  companyId: string;
  jobId: string;
}

/**
 * The loop of a background job's worker (imports, export jobs): each pass runs the oldest
 * unfinished job of each company, so a company's jobs run one at a time in the order they were
 * made, and passes go on while a pass ended a job. `run` answers 'finished' when it ended the job
 * (anything else: another worker holds it, or it stopped for the next run); a run that throws is
 * handed to `failed` and the others go on. `deadline` (epoch ms) stops it before the next job.
 */
export async function runOldestPerCompany(
  unfinished: () => Promise<UnfinishedJob[]>,
  run: (job: UnfinishedJob) => Promise<string>,
  failed: (job: UnfinishedJob, error: unknown) => void,
  deadline?: number,
): Promise<{ finished: number; failed: number }> {
  let finished = 0;
  let failures = 0;
  for (let ended = 1; ended > 0 && !(deadline !== undefined && Date.now() > deadline); ) {
    ended = 0;
    const oldest = new Map<string, UnfinishedJob>();
    for (const job of await unfinished()) if (!oldest.has(job.companyId)) oldest.set(job.companyId, job);
    for (const job of oldest.values()) {
      if (deadline !== undefined && Date.now() > deadline) break;
      try {
        if ((await run(job)) === 'finished') ended++;
      } catch (error) {
        failures++;
        failed(job, error);
      }
    }
    finished += ended;
  }
  return { finished, failed: failures };
}
