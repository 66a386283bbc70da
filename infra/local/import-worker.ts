import { runPendingImports } from '../../shared/imports/import-worker.ts';

export interface RunningImportWorker {
  close(): Promise<void>;
}

/**
 * The import worker beside `npm start` (the same code as the function the table's stream and a
 * schedule run in AWS): every `everyMs` it runs the jobs waiting. A job whose worker died with
 * the stack is taken up again once its claim runs out (a minute), as in AWS.
 */
export function startImportWorker(options: { everyMs?: number } = {}): RunningImportWorker {
  let running = true;
  let wake: (() => void) | undefined;
  const loop = async () => {
    while (running) {
      // Stops between steps when the stack stops; the rest is resumed by the next start.
      const { finished } = await runPendingImports({ deadline: Number.POSITIVE_INFINITY }).catch((error: unknown) => {
        console.error('imports: worker failed', error);
        return { finished: 0 };
      });
      if (finished > 0) console.log(`imports: ${finished} import${finished === 1 ? '' : 's'} ended`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, options.everyMs ?? 1000);
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
