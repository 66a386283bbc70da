import { ABANDONED_AFTER_MS, recoverJobs } from '../../shared/journals/recover-jobs.ts';

export interface RunningJobRecovery {
  close(): Promise<void>;
}

/**
 * Job recovery beside `npm start` (the same code as the scheduled function in AWS): every
 * `everyMs` it finishes wide-posting jobs whose request died. Requests live in this process, so
 * a job started before it began (the stack was killed mid-job) is abandoned at once: after a
 * restart such a job is finished within the first sweep, a few seconds after `ready`.
 */
export function startJobRecovery(options: { everyMs?: number } = {}): RunningJobRecovery {
  const began = Date.now();
  let running = true;
  let wake: (() => void) | undefined;
  const loop = async () => {
    while (running) {
      const startedBefore = new Date(Math.max(began, Date.now() - ABANDONED_AFTER_MS));
      const { finished } = await recoverJobs(startedBefore).catch((error: unknown) => {
        // While the stack stops, DynamoDB Local may already be gone: that is no failure to report.
        if (running) console.error('job recovery failed', error);
        return { finished: 0 };
      });
      if (finished > 0) console.log(`jobs: finished ${finished} wide posting${finished === 1 ? '' : 's'} left unfinished`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, options.everyMs ?? 5000);
      });
    }
  };
  const work = loop();
  return {
    close: async () => {
      running = false;
      wake?.();
      await work;
    },
  };
}
