import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One request in simulated time. Its clock starts at the request's arrival and moves only by
 * modelled DynamoDB latency and by the backoffs the service and the SDK sleep, never by the
 * machine's own speed. Calls sent in parallel start at the same instant, so the clock follows
 * the request's longest chain of round trips, and `depth` counts that chain.
 */
export interface SimulatedRequest {
  readonly startedAt: number;
  /** Simulated ms: when the request's latest finished round trip (or backoff) ended. */
  clock: number;
  /** Round trips in sequence so far (parallel calls count once). */
  depth: number;
  /** DynamoDB commands sent (a retry of one command by the SDK is not a new command). */
  calls: number;
  /** Attempts sent after a throttled or conflicting attempt (by the SDK or the service). */
  retries: number;
  throttles: number;
  conflicts: number;
  /** Simulated ms spent sleeping in backoffs. */
  backoffMs: number;
  /** Write and read units this request consumed. */
  writeUnits: number;
  readUnits: number;
  /** Write units by partition (table key value or range, or index key value). */
  writeUnitsByPartition: Map<string, number>;
  readUnitsByPartition: Map<string, number>;
  /** Set when an attempt was refused for throttling or a conflict: the next sleep is its backoff. */
  backoffOf: CommandClock | undefined;
  lastAttemptRefused: boolean;
}

/** The simulated time of one command: when its next attempt starts, and the depth it was sent at. */
export interface CommandClock {
  next: number;
  depth: number;
}

const storage = new AsyncLocalStorage<SimulatedRequest>();

/** The simulated request the caller runs in, if any. */
export const currentRequest = (): SimulatedRequest | undefined => storage.getStore();

/** Runs `work` as one simulated request arriving at `startedAt` (simulated ms). */
export async function simulatedRequest<T>(startedAt: number, work: () => Promise<T>): Promise<{ result: T; request: SimulatedRequest }> {
  const request: SimulatedRequest = {
    startedAt,
    clock: startedAt,
    depth: 0,
    calls: 0,
    retries: 0,
    throttles: 0,
    conflicts: 0,
    backoffMs: 0,
    writeUnits: 0,
    readUnits: 0,
    writeUnitsByPartition: new Map(),
    readUnitsByPartition: new Map(),
    backoffOf: undefined,
    lastAttemptRefused: false,
  };
  const result = await storage.run(request, work);
  return { result, request };
}

const realSetTimeout = globalThis.setTimeout;

/**
 * Makes backoff sleeps simulated: the first timer a simulated request sets after one of its
 * attempts was refused (the SDK's retry delay, or the service's own backoff) moves the
 * request's clock by its delay and fires at once. Every other timer runs in real time.
 * Returns the function that puts the real timers back.
 */
export function simulateBackoffSleeps(): () => void {
  const simulated = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const request = storage.getStore();
    const command = request?.backoffOf;
    if (!request || !command || !ms || ms <= 0) return realSetTimeout(callback, ms, ...args);
    request.backoffOf = undefined;
    command.next += ms;
    request.clock = Math.max(request.clock, command.next);
    request.backoffMs += ms;
    return realSetTimeout(callback, 0, ...args);
  }) as typeof setTimeout;
  globalThis.setTimeout = Object.assign(simulated, realSetTimeout);
  return () => {
    globalThis.setTimeout = realSetTimeout;
  };
}
