import { setTimeout as sleep } from 'node:timers/promises';

export interface RunningSweep {
  close(): Promise<void>;
}

/**
 * Runs `sweep` every `everyMs` beside `npm start` until closed; `close` ends the loop's wait,
 * also one begun after it was called (the sweep was under way), and resolves once the sweep
 * under way has ended: stopping never waits out an interval (the event archive's is 10 minutes).
 * A sweep that fails is reported (unless the stack is stopping, when DynamoDB Local may already
 * be gone) and the loop goes on.
 */
export function sweepLoop(name: string, everyMs: number, sweep: () => Promise<void>): RunningSweep {
  const stopped = new AbortController();
  const loop = async () => {
    while (!stopped.signal.aborted) {
      await sweep().catch((error: unknown) => {
        if (!stopped.signal.aborted) console.error(`${name} failed`, error);
      });
      await sleep(everyMs, undefined, { signal: stopped.signal }).catch(() => undefined);
    }
  };
  const work = loop();
  return {
    close: async () => {
      stopped.abort();
      await work;
    },
  };
}
