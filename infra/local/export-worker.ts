import { runExports } from '../../functions/ops/run-exports.ts';
import { sweepLoop, type RunningSweep } from './sweep-loop.ts';

export type RunningExportWorker = RunningSweep;

/**
 * The export worker beside `npm start` (the same code as the function the table's stream and a
 * schedule run in AWS): every `everyMs` it runs the export jobs waiting, their files written into
 * the local object storage's exports bucket. A job whose worker died with the stack is taken up
 * again once its claim runs out (a minute), its file written again from the start, as in AWS.
 */
export function startExportWorker(options: { everyMs?: number } = {}): RunningExportWorker {
  return sweepLoop('exports: worker', options.everyMs ?? 1000, async () => {
    const { finished } = await runExports({ deadline: Number.POSITIVE_INFINITY });
    if (finished > 0) console.log(`exports: ${finished} export${finished === 1 ? '' : 's'} ended`);
  });
}
