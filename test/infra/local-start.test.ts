import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'ledger-start-'));
let oidcPort = 0;

function run(script: string, args: string[], env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env, LEDGER_DATA_DIR: dataDir } });
}

/** Starts `npm start`'s script and resolves with its output once it prints its readiness line. */
function start(port: number): Promise<{ child: ChildProcess; output: string[] }> {
  const child = run('infra/local/start.ts', [], { PORT: String(port), OIDC_PORT: String(oidcPort), LOG_LEVEL: 'silent' });
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

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill('SIGINT');
  return exited;
}

const javaProcessesFor = (dir: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes('DynamoDBLocal') && line.includes(dir));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  it('prints one readiness line, keeps data across a restart, and leaves no java process behind', async () => {
    const port = await freePort();
    oidcPort = await freePort();
    const first = await start(port);
    expect(first.output.join('').match(/^ready: /gm)).toHaveLength(1);
    const login = await fetch(`http://127.0.0.1:${port}/api/Authentication/Login`);
    expect(new URL(((await login.json()) as { redirectTo: string }).redirectTo).origin).toBe(`http://127.0.0.1:${oidcPort}`);
    expect(javaProcessesFor(dataDir)).toHaveLength(1);
    const token = execFileSync(process.execPath, ['--import', 'tsx', 'infra/local/mint-token.ts', '--email', 'start@example.com'], {
      cwd: ROOT,
      env: { ...process.env, LEDGER_DATA_DIR: dataDir },
      encoding: 'utf8',
    }).trim();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`http://127.0.0.1:${port}/api/v1/Companies`, { method: 'POST', headers, body: JSON.stringify({ name: 'Kept', baseCurrency: 'SAR' }) });
    const company = (await created.json()) as { id: string };
    expect(created.status).toBe(200);

    expect(await stop(first.child)).toBe(0);
    expect(javaProcessesFor(dataDir)).toEqual([]);

    const second = await start(port);
    const fetched = await fetch(`http://127.0.0.1:${port}/api/v1/Companies/${company.id}`, { headers });
    expect(fetched.status).toBe(200);
    expect(((await fetched.json()) as { name: string }).name).toBe('Kept');
    expect(await stop(second.child)).toBe(0);
    expect(javaProcessesFor(dataDir)).toEqual([]);
  }, 120_000);
});
