import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../infra/local/free-port.ts';
import { localEnvironment } from '../../infra/local/environment.ts';
import { findRunningStack } from '../../infra/local/running-stack.ts';

/**
 * `npm start --in-memory` in a process group of its own (free ports, a temporary data
 * directory), as a developer runs the local stack: the gateway and its handlers in one Node
 * process, DynamoDB Local in its own JVM. Unlike bench/local-stack.ts the handlers do not share
 * this process with the clients, so each process's resident memory is its own. This process
 * reaches the stack's DynamoDB Local only to create users and sign their tokens, as
 * `npm run token` does.
 */
export interface SpawnedStack {
  api: string;
  /** The Node process of `npm start` (gateway, handlers, identity provider, workers). */
  gatewayPid: number;
  /** DynamoDB Local's JVM, a child of the gateway process. */
  dynamoPid: number;
  /** An access token for a new user with this email (created as `npm run token` does). */
  token(email: string): Promise<string>;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

export async function startSpawnedStack(): Promise<SpawnedStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledger-companies-'));
  // The emulator with the JVM's defaults, as before npm start had quick-start flags: minutes of steady load, where the optimising compiler pays (docs/decisions.md, "Test suite").
  const env = { ...process.env, PORT: String(await freePort()), OIDC_PORT: String(await freePort()), LEDGER_DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOCAL_DYNAMODB_JVM: 'default' };
  const child = spawn('npm', ['start', '--', '--in-memory'], { cwd: ROOT, detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<void>((r) => child.once('close', () => r()));
  // A bench that dies must not leave the stack behind.
  const killOnExit = () => killGroup(child.pid!, 'SIGKILL');
  process.once('exit', killOnExit);
  const deadline = Date.now() + 60_000;
  while (!output.includes('ready: ')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not become ready: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const running = await findRunningStack({ LEDGER_DATA_DIR: dataDir });
  Object.assign(process.env, localEnvironment(running.dynamoEndpoint, join(dataDir, 'secrets.json')), { LOG_LEVEL: 'silent' });
  const { findOrCreateUserByEmail } = await import('../../shared/db/stores/user-store.ts');
  const { signAccessToken } = await import('../../shared/auth/sign-access-token.ts');
  return {
    api: running.api,
    gatewayPid: running.pid,
    dynamoPid: childNamed(running.pid, 'java'),
    async token(email) {
      const user = await findOrCreateUserByEmail(email);
      return signAccessToken({ userId: user.id, email: user.email }, 3600);
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      killGroup(child.pid!, 'SIGINT');
      await closed;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** The process id of `parent`'s child whose command is `name` (from /proc/<pid>/stat: comm, then state, then ppid). */
function childNamed(parent: number, name: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === name && ppid === parent) return Number(entry);
    } catch {
      // The process ended while the list was read.
    }
  }
  throw new Error(`no ${name} process under ${parent}`);
}
