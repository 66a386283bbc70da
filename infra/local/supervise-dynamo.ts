import { startDynamoLocal, type JvmProfile, type RunningDynamo } from './dynamodb-local.ts';
import { portIsFree } from './free-port.ts';

/**
 * Keeps DynamoDB Local running under `npm start`. When the emulator's process dies on its
 * own, the gateway would answer 503 for ever; instead it is started again on the same port
 * with the same data directory, so clients only see 503s for the seconds the restart takes.
 * In memory, a restart would come back empty (every company gone while tokens still work), and
 * a process that keeps dying needs a person: in both cases the stack stops with a message.
 * An emulator that exits because it was interrupted (Ctrl-C in a terminal signals the whole
 * process group, the emulator included) did not crash: the stack is being stopped.
 *
 *   running ──dies──> restart (persisted, fewer than MAX_RESTARTS in the window) ──> running
 *           │    └──> give up: onGiveUp(reason)
 *           └──SIGINT/SIGTERM──> onInterrupted()
 */
export const MAX_RESTARTS = 3;
/** The JVM's exit codes when SIGINT or SIGTERM ends it (128 + the signal's number). */
const INTERRUPTED_EXIT_CODES = [130, 143];
export const RESTART_WINDOW_MS = 60_000;

export interface SupervisedDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

export async function superviseDynamo(
  options: { dataDir?: string; jvm: JvmProfile; onSpawned?: () => void },
  events: { onRestart: (exitCode: number | null) => void; onRestarted: () => void; onGiveUp: (reason: string) => void; onInterrupted: () => void },
): Promise<SupervisedDynamo> {
  const start = (port?: number) => startDynamoLocal({ ...options, port });
  let current: RunningDynamo = await start();
  const port = current.port;
  let stopping = false;
  const restarts: number[] = [];

  const watch = (running: RunningDynamo) => {
    void running.exited.then(async (code) => {
      if (stopping) return;
      if (code !== null && INTERRUPTED_EXIT_CODES.includes(code)) return events.onInterrupted();
      const now = Date.now();
      while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (!options.dataDir) return events.onGiveUp(`DynamoDB Local exited (code ${code}); its data was in memory and is lost`);
      if (restarts.length >= MAX_RESTARTS) return events.onGiveUp(`DynamoDB Local exited ${MAX_RESTARTS + 1} times within ${RESTART_WINDOW_MS / 1000} s (last code ${code})`);
      restarts.push(now);
      events.onRestart(code);
      try {
        // Someone else on the port would answer in the emulator's place, without this data.
        if (!(await portIsFree(port))) throw new Error(`port ${port} is now held by another process`);
        current = await start(port);
      } catch (error) {
        return events.onGiveUp(`DynamoDB Local could not be restarted: ${String(error)}`);
      }
      if (stopping) return void (await current.stop());
      events.onRestarted();
      watch(current);
    });
  };
  watch(current);

  return {
    endpoint: current.endpoint,
    async stop() {
      stopping = true;
      await current.stop();
    },
  };
}
