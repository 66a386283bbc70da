import { runSchedules } from '../../functions/ops/run-schedules.ts';
import { sweepLoop, type RunningSweep } from './sweep-loop.ts';

export type RunningScheduleWorker = RunningSweep;

/**
 * The schedule worker beside `npm start` (the same code as the scheduled function in AWS): every
 * `everyMs` it generates the recurring journals due. A run killed with the stack is finished by
 * the first run after the restart.
 */
export function startScheduleWorker(options: { everyMs?: number } = {}): RunningScheduleWorker {
  return sweepLoop('schedules: worker', options.everyMs ?? 10_000, async () => {
    const { generated, blocked } = await runSchedules();
    if (generated + blocked > 0) console.log(`schedules: ${generated} occurrence${generated === 1 ? '' : 's'} generated, ${blocked} blocked`);
  });
}
