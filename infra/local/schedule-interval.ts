/**
 * The seconds between two runs of `npm start`'s schedule worker that LOCAL_SCHEDULE_SECONDS asks
 * for (default 10; the worker's crash test asks for 1); read before the service's code is loaded
 * (start.ts), so a wrong value stops the start at once.
 */
export function localScheduleSeconds(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.LOCAL_SCHEDULE_SECONDS ?? 10);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`LOCAL_SCHEDULE_SECONDS must be a number of seconds above 0, not ${env.LOCAL_SCHEDULE_SECONDS}`);
  return seconds;
}
