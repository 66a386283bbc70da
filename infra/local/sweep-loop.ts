export interface RunningSweep {
  close(): Promise<void>;
}

/**
 * Runs `sweep` every `everyMs` beside `npm start` until closed; `close` wakes a waiting loop and
 * resolves once the sweep under way has ended. A sweep that fails is reported (unless the stack
 * is stopping, when DynamoDB Local may already be gone) and the loop goes on.
 */
export function sweepLoop(name: string, everyMs: number, sweep: () => Promise<void>): RunningSweep {
  let running = true;
  let wake: (() => void) | undefined;
  const loop = async () => {
    while (running) {
      await sweep().catch((error: unknown) => {
        if (running) console.error(`${name} failed`, error);
      });
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, everyMs);
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
