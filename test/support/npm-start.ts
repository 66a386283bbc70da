import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../infra/local/free-port.ts';
import { dynamoLocalProcessesFor, waitUntil } from './wait-until.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Nothing of the test runner's environment leaks in: only what a shell has, plus what is given. */
export const shellEnv = (env: Record<string, string>): Record<string, string> => ({ PATH: process.env.PATH!, HOME: process.env.HOME!, ...env });

/** `npm start` running, as a terminal runs it: its own process group, its output gathered. */
export interface NpmStart {
  stack: ChildProcess;
  /** Resolves when every process of the stack has let go of the output. */
  closed: Promise<void>;
  output: { text: string };
  port: number;
  oidcPort: number;
}

/**
 * `npm start` on free ports with the given data directory (and variables), ready. A port found free can be taken
 * by another test's stack before this one binds it: then it starts again on other ports.
 */
export async function startedStack(dataDir: string, env: Record<string, string> = {}): Promise<NpmStart> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const oidcPort = await freePort();
    const stack = spawn('npm', ['start'], { cwd: ROOT, detached: true, env: shellEnv({ PORT: String(port), OIDC_PORT: String(oidcPort), LEDGER_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }) });
    const output = { text: '' };
    stack.stdout!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    stack.stderr!.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    // 'close': every process of the stack has let go of the output (npm itself exits at once on SIGINT).
    const closed = new Promise<void>((r) => stack.once('close', () => r()));
    const deadline = Date.now() + 45_000;
    while (!output.text.includes('ready: ')) {
      const taken = output.text.includes('EADDRINUSE') || output.text.includes('is already in use');
      if (taken && attempt < 3) break;
      if (Date.now() > deadline || stack.exitCode !== null) throw new Error(`no readiness line: ${output.text}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    if (output.text.includes('ready: ')) return { stack, closed, output, port, oidcPort };
    try {
      process.kill(-stack.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await closed;
  }
}

/**
 * The Node flags `npm start` gives its script (package.json, besides `--import tsx`), so a test
 * that starts the script itself runs what `npm start` runs.
 */
export const START_NODE_FLAGS: string[] = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).scripts.start as string)
  .split(' ')
  .filter((word) => word.startsWith('--') && word !== '--import');

/**
 * Ctrl-C: SIGINT to the whole process group, as a terminal sends it; resolves once the stack is
 * down. `busyMs`: the service's process is paused that long around the signal, as a busy event
 * loop holds it, so the stack must stop on its own time, not a wrapper's.
 */
export async function interrupt({ stack, closed }: NpmStart, busyMs = 0): Promise<void> {
  const service = busyMs > 0 ? serviceProcesses(stack.pid!) : [];
  if (busyMs > 0 && service.length === 0) throw new Error(`no process of group ${stack.pid} runs infra/local/start.ts`);
  for (const pid of service) process.kill(pid, 'SIGSTOP');
  try {
    process.kill(-stack.pid!, 'SIGINT');
  } catch {
    // Already gone.
  }
  if (service.length > 0) {
    await new Promise((r) => setTimeout(r, busyMs));
    for (const pid of service) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Killed while paused (by a launcher that would not wait): the output shows it.
      }
    }
  }
  await closed;
}

/** The process of the group `group` that runs the service's script (infra/local/start.ts): the last of a chain of launchers (npm's shell, a wrapper). */
function serviceProcesses(group: number): number[] {
  const running = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, , pgid, ...args]) => Number(pgid) === group && args.includes('infra/local/start.ts'))
    .map(([pid, ppid]) => ({ pid: Number(pid), ppid: Number(ppid) }));
  return running.filter(({ pid }) => !running.some((other) => other.ppid === pid)).map(({ pid }) => pid);
}

/**
 * SIGKILL to a stack's whole process group (the service and its DynamoDB Local at once, as a crash
 * takes them; a group already gone is no error), then waits for its leader to exit and for
 * DynamoDB Local to let go of `dataDir`, so a restart on the same data finds it free.
 */
export async function killStackGroup(child: ChildProcess, dataDir: string): Promise<void> {
  const gone = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Nothing of the group was left.
  }
  await gone;
  await waitUntil(() => dynamoLocalProcessesFor(dataDir).length === 0, 20_000, 'DynamoDB Local to die');
}
