import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port.ts';
import { START_NODE_FLAGS } from '../support/npm-start.ts';
import { dynamoLocalProcessesFor } from '../support/wait-until.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'ledger-start-'));
let oidcPort = 0;

function run(script: string, args: string[], env: Record<string, string>, nodeFlags: string[] = []) {
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env, LEDGER_DATA_DIR: dataDir } });
}

/** Starts `npm start`'s script and resolves with its output once it prints its readiness line. */
function start(port: number, args: string[] = [], env: Record<string, string> = {}): Promise<{ child: ChildProcess; output: string[] }> {
  const child = run('infra/local/start.ts', args, { PORT: String(port), OIDC_PORT: String(oidcPort), LOG_LEVEL: 'silent', ...env }, START_NODE_FLAGS);
  const output: string[] = [];
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no readiness line: ${output.join('')}`)), 45_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('ready: ')) {
        clearTimeout(timer);
        resolvePromise({ child, output });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output.join('')}`)));
  });
}

/** The local object storage `npm start` printed (its `s3:` line), as a client of it. */
function objectStorageOf(output: string[]): S3Client {
  const endpoint = /^s3: (http:\/\/127\.0\.0\.1:\d+) /m.exec(output.join(''))?.[1];
  expect(endpoint, output.join('')).toBeDefined();
  return new S3Client({ region: 'local', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/** An access token from `npm run token` against the running stack's data directory. */
const mintToken = (email: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'infra/local/mint-token.ts', '--email', email], { cwd: ROOT, env: { ...process.env, LEDGER_DATA_DIR: dataDir }, encoding: 'utf8' }).trim();

/**
 * Starts the stack on fresh ports. A port found free can be taken by a test file running beside
 * this one before the stack listens on it (EADDRINUSE): then on other fresh ports.
 */
async function startOnFreePorts(args: string[] = [], env: Record<string, string> = {}) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    oidcPort = await freePort();
    try {
      return { port, ...(await start(port, args, env)) };
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/** Starts the stack again on its ports, or on fresh ones when one was taken meanwhile: the data directory is what carries over. */
async function restartOn(port: number) {
  try {
    return { port, ...(await start(port)) };
  } catch (error) {
    if (!String(error).includes('EADDRINUSE')) throw error;
    return startOnFreePorts();
  }
}

/** Waits until the output holds `text`. */
async function outputIncludes(output: string[], text: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!output.join('').includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Kills the stack's DynamoDB Local the hard way, as a crash or the OOM killer would, and waits until it is gone. */
async function killDynamo(dir: string): Promise<void> {
  const pidsOf = () =>
    execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.includes('DynamoDBLocal') && l.includes(dir))
      .map((l) => Number(l.trim().split(/\s+/)[0]));
  const [pid, ...others] = pidsOf();
  expect(others).toEqual([]);
  process.kill(pid!, 'SIGKILL');
  while (pidsOf().includes(pid!)) await new Promise((r) => setTimeout(r, 20));
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill('SIGINT');
  return exited;
}

/**
 * The stack the restart test leaves running on the kept data, with a token: the outage test goes on
 * with it rather than starting a third (each start is seconds of the suite). Alone, that test starts its own.
 */
let restarted: { port: number; child: ChildProcess; output: string[]; token: string; keptCompanyId: string } | undefined;

afterAll(async () => {
  if (restarted && restarted.child.exitCode === null && restarted.child.signalCode === null) await stop(restarted.child);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('bounds V8\'s young generation at 32 MB, so the stack levels off lower in resident memory (docs/decisions.md, Operations)', () => {
    // Allocation enough to grow the young generation to its maximum, then its size.
    const probe = "let kept = []; for (let i = 0; i < 3e6; i++) { kept.push({ i }); if (kept.length > 1e5) kept = []; } console.log(require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)";
    const youngBytes = Number(execFileSync(process.execPath, [...START_NODE_FLAGS, '-e', probe], { encoding: 'utf8' }));
    expect(youngBytes / 1048576).toBeLessThanOrEqual(32);
  });

  it('names a busy port and the variable that moves it, before starting anything', async () => {
    const busy = createServer();
    await new Promise<void>((resolveListen) => busy.listen(0, '127.0.0.1', resolveListen));
    const port = (busy.address() as { port: number }).port;
    oidcPort = await freePort();
    const child = run('infra/local/start.ts', [], { PORT: String(port), OIDC_PORT: String(oidcPort) });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
    busy.close();
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`Port ${port} (PORT) is already in use: stop what listens there, or choose another, e.g. PORT=${port + 100} npm start`);
  });

  it('prints one readiness line, keeps data across a restart (the first start serving each request in its own execution environment), and leaves no java process behind', async () => {
    const first = await startOnFreePorts([], { LOCAL_ISOLATION: 'environments' });
    const { port } = first;
    expect(first.output.join('').match(/^ready: /gm)).toHaveLength(1);
    const login = await fetch(`http://127.0.0.1:${port}/api/Authentication/Login`);
    expect(new URL(((await login.json()) as { redirectTo: string }).redirectTo).origin).toBe(`http://127.0.0.1:${oidcPort}`);
    expect(dynamoLocalProcessesFor(dataDir)).toHaveLength(1);
    const token = mintToken('start@example.com');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`http://127.0.0.1:${port}/api/v1/Companies`, { method: 'POST', headers, body: JSON.stringify({ name: 'Kept', baseCurrency: 'SAR' }) });
    const company = (await created.json()) as { id: string };
    expect(created.status).toBe(200);
    // The local object storage beside DynamoDB Local, its objects under the data directory too.
    expect(first.output.join('')).toContain(`objects in ${join(dataDir, 's3')}`);
    await objectStorageOf(first.output).send(new PutObjectCommand({ Bucket: 'ledger-documents', Key: 'kept.txt', Body: 'kept across a restart', ContentType: 'text/plain' }));

    expect(await stop(first.child)).toBe(0);
    expect(dynamoLocalProcessesFor(dataDir)).toEqual([]);

    const second = await restartOn(port);
    restarted = { ...second, token, keptCompanyId: company.id };
    expect(first.output.join('')).toContain('gateway: each request in its own execution environment, at most 10 at once');
    expect(second.output.join('')).toContain('gateway: handlers in this process');
    // The event archive runs beside it, as its hourly function in AWS; its first sweep (the listing of companies) did not fail.
    expect(first.output.join('')).toContain('events: archiving events older than the archive threshold');
    expect(first.output.join('')).not.toMatch(/events: archiv(?:e|ing) failed/);
    const fetched = await fetch(`http://127.0.0.1:${second.port}/api/v1/Companies/${company.id}`, { headers });
    expect(fetched.status).toBe(200);
    expect(((await fetched.json()) as { name: string }).name).toBe('Kept');
    const kept = await objectStorageOf(second.output).send(new GetObjectCommand({ Bucket: 'ledger-documents', Key: 'kept.txt' }));
    expect(await kept.Body!.transformToString()).toBe('kept across a restart');
    // Stopping the restarted stack, and that it leaves no java process behind, is the next test's end.
  }, 120_000);

  it('answers 503 with Retry-After while DynamoDB Local is down, restarts it, and serves the kept data again', async () => {
    const { port, token, keptCompanyId, ...stack } = restarted ?? { ...(await startOnFreePorts()), token: mintToken('outage@example.com'), keptCompanyId: undefined };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const create = (key: string) => fetch(`http://127.0.0.1:${port}/api/v1/Companies`, { method: 'POST', headers: { ...headers, 'idempotency-key': key }, body: JSON.stringify({ name: 'Survivor', baseCurrency: 'SAR' }) });
    const read = (id: string) => fetch(`http://127.0.0.1:${port}/api/v1/Companies/${id}`, { headers });
    // The data the restarted emulator must serve: the company the restart test kept, on disk since
    // that stack stopped; alone, one written now. The emulator does not promise that a write it
    // answered a moment before a SIGKILL is on disk (the restarted one has the table and lacks
    // only that item): this test is of the restart, so that write is given time to settle first.
    const before = keptCompanyId ? await read(keptCompanyId) : await create('before');
    const company = (await before.json()) as { id: string };
    expect(before.status, JSON.stringify(company)).toBe(200);
    if (!keptCompanyId) await new Promise((resolve) => setTimeout(resolve, 2_000));

    await killDynamo(dataDir);
    const during = await create('during');
    const body = (await during.json()) as { status: number; errors: Array<{ code: string }>; requestId: string };
    await outputIncludes(stack.output, 'dynamodb: restarted');
    const after = await read(company.id);
    const retried = await create('during');

    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('2');
    expect(body).toMatchObject({ status: 503, errors: [{ code: 'ServiceUnavailable' }] });
    expect(body.requestId).toBe(during.headers.get('x-request-id'));
    expect(stack.output.join('')).toContain('dynamodb: exited unexpectedly');
    expect(after.status).toBe(200);
    expect(retried.status).toBe(200);
    expect(await stop(stack.child)).toBe(0);
    expect(dynamoLocalProcessesFor(dataDir)).toEqual([]);
  }, 120_000);

  it('stops the stack with a message when an in-memory DynamoDB Local dies, as its data is gone', async () => {
    const stack = await startOnFreePorts(['--in-memory']);
    const exited = new Promise<number | null>((r) => stack.child.once('exit', (code) => r(code)));
    const dynamoPort = /dynamodb: http:\/\/127\.0\.0\.1:(\d+) \(in memory\)/.exec(stack.output.join(''))![1];
    const line = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
      .split('\n')
      .find((l) => l.includes('DynamoDBLocal') && new RegExp(`-port ${dynamoPort}( |$)`).test(l));
    process.kill(Number(line!.trim().split(/\s+/)[0]), 'SIGKILL');

    expect(await exited).toBe(1);
    expect(stack.output.join('')).toContain('its data was in memory and is lost; stopping the stack');
  }, 120_000);
});
