import { runEventArchive } from '../../functions/ops/archive-events.ts';
import { sweepLoop, type RunningSweep } from './sweep-loop.ts';

export type RunningEventArchive = RunningSweep;

/**
 * The event archive beside `npm start` (the same code as the scheduled function in AWS): every
 * `everyMs` it archives events older than the threshold into the local object storage. Local
 * data rarely grows that old; `ARCHIVE_EVENTS_AFTER_DAYS` is read as in AWS.
 */
export function startEventArchive(options: { everyMs?: number } = {}): RunningEventArchive {
  return sweepLoop('events: archive', options.everyMs ?? 600_000, async () => {
    const run = await runEventArchive({ deadline: Date.now() + 60_000 });
    if (run.segments > 0) console.log(`events: archived ${run.events} event${run.events === 1 ? '' : 's'} in ${run.segments} segment${run.segments === 1 ? '' : 's'}`);
    if (run.failed > 0) console.error(`events: archiving failed for ${run.failed} compan${run.failed === 1 ? 'y' : 'ies'} (see the log); the next sweep tries again`);
  });
}
