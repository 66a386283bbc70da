import { runImports } from '../../functions/ops/run-imports.ts';
import { sweepLoop, type RunningSweep } from './sweep-loop.ts';

export type RunningImportWorker = RunningSweep;

/**
 * The import worker beside `npm start` (the same code as the function the table's stream and a
 * schedule run in AWS): every `everyMs` it runs the jobs waiting. A job whose worker died with
 * the stack is taken up again once its claim runs out (a minute), as in AWS. It stops between
 * steps when the stack stops; the rest is resumed by the next start.
 */
export function startImportWorker(options: { everyMs?: number } = {}): RunningImportWorker {
  return sweepLoop('imports: worker', options.everyMs ?? 1000, async () => {
    const { finished } = await runImports({ deadline: Number.POSITIVE_INFINITY });
    if (finished > 0) console.log(`imports: ${finished} import${finished === 1 ? '' : 's'} ended`);
  });
}
