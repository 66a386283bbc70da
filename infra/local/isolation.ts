/** How the local gateway runs handlers; read before the service's code is loaded (start.ts). */
export interface GatewayOptions {
  host?: string;
  /** Where handlers run: in this process (the default), or each invocation in its own environment. */
  isolation?: 'in-process' | 'environments';
  /** Environments at most, with `isolation: 'environments'` (Lambda's concurrency); default 10. */
  concurrency?: number;
}

/** The isolation LOCAL_ISOLATION asks for (`environments`), and LOCAL_CONCURRENCY's environments at most. */
export function localIsolation(env: NodeJS.ProcessEnv): GatewayOptions {
  if (env.LOCAL_ISOLATION === undefined || env.LOCAL_ISOLATION === 'in-process') return { isolation: 'in-process' };
  if (env.LOCAL_ISOLATION !== 'environments') throw new Error(`LOCAL_ISOLATION must be in-process or environments, not ${env.LOCAL_ISOLATION}`);
  return { isolation: 'environments', concurrency: Number(env.LOCAL_CONCURRENCY ?? 10) };
}
