import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port.ts';
import { findRunningStack, stackFileOf } from '../../infra/local/running-stack.ts';
import { interrupt, shellEnv, startedStack } from '../support/npm-start.ts';

/**
 * A newcomer's first hour, as README tells it: `npm start` moved off its default ports and data
 * directory, then `npm run token` and `npm run walkthrough` given only what README says to set
 * (LEDGER_DATA_DIR, TOKEN), then Ctrl-C (SIGINT to the whole process group, as a terminal sends it).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'ledger-helpers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function npmRun(args: string[], env: Record<string, string>) {
  return spawnSync('npm', ['run', '-s', ...args], { cwd: ROOT, env: shellEnv(env), encoding: 'utf8', timeout: 60_000 });
}

describe('the helpers follow the stack npm start runs', () => {
  it('npm start on other ports and a temporary data directory; token and walkthrough with LEDGER_DATA_DIR only; Ctrl-C says stopped', async () => {
    // Arrange: the stack, in its own process group as a terminal would run it.
    const started = await startedStack(dataDir);
    const output = () => started.output.text;

    // Act: the helpers, with nothing but the data directory (and the token).
    const token = npmRun(['token', '--', '--email', 'newcomer@example.com'], { LEDGER_DATA_DIR: dataDir });
    const walk = npmRun(['walkthrough'], { LEDGER_DATA_DIR: dataDir, TOKEN: token.stdout.trim(), STATEMENTS_FILE: join(dataDir, 'statements.xlsx') });
    const companyId = /^company .* \(([0-9a-f-]{36})\)/m.exec(walk.stdout)?.[1] ?? 'none';
    const recount = npmRun(['recount-tree-levels', '--', companyId], { LEDGER_DATA_DIR: dataDir });
    await interrupt(started);
    const after = npmRun(['token', '--', '--email', 'newcomer@example.com'], { LEDGER_DATA_DIR: dataDir });

    // Assert
    expect(token.status, token.stderr).toBe(0);
    expect(token.stdout.trim()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(walk.status, walk.stderr).toBe(0);
    expect(walk.stdout).toMatch(/^balance sheet at 2026-02-28: assets 1099.75/m);
    expect(recount.status, recount.stderr).toBe(0);
    expect(recount.stdout).toMatch(new RegExp(`${companyId} ACCOUNT: \\d+ records, 0 recounted`));
    expect(output().trimEnd().split('\n').at(-1)).toBe('stopped');
    expect(output()).not.toContain('unexpectedly');
    expect(existsSync(stackFileOf(dataDir))).toBe(false);
    expect(after.status).toBe(1);
    expect(after.stderr.trim().split('\n')).toEqual([`No local stack is running in LEDGER_DATA_DIR=${dataDir} (no local.json): start one with \`npm start\`, or set LEDGER_DATA_DIR to the data directory the running one was started with.`]);
  }, 120_000);

  it('names what to set, in one line, when local.json was left by a killed stack or PORT names another stack', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-helpers-stale-'));
    const deadPid = Number(execFileSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }));
    const deadPort = await freePort();
    writeFileSync(stackFileOf(dir), JSON.stringify({ api: `http://127.0.0.1:${deadPort}`, dynamoEndpoint: 'http://127.0.0.1:1', pid: deadPid }));
    // This process stands in for a live stack: its pid is alive; the port is a listening server.
    const { createServer } = await import('node:net');
    const live = createServer();
    await new Promise<void>((r) => live.listen(0, '127.0.0.1', r));
    const livePort = (live.address() as { port: number }).port;
    const liveDir = mkdtempSync(join(tmpdir(), 'ledger-helpers-live-'));
    writeFileSync(stackFileOf(liveDir), JSON.stringify({ api: `http://127.0.0.1:${livePort}`, dynamoEndpoint: 'http://127.0.0.1:1', pid: process.pid }));

    const stale = await findRunningStack({ LEDGER_DATA_DIR: dir }).catch((e: Error) => e);
    const otherPort = await findRunningStack({ LEDGER_DATA_DIR: liveDir, PORT: String(livePort + 1) }).catch((e: Error) => e);
    const found = await findRunningStack({ LEDGER_DATA_DIR: liveDir, PORT: String(livePort) });
    live.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(liveDir, { recursive: true, force: true });

    expect((stale as Error).message).toBe(`The local stack recorded in LEDGER_DATA_DIR=${dir} no longer answers at http://127.0.0.1:${deadPort}: start one with \`npm start\`, or set LEDGER_DATA_DIR to the data directory the running one was started with.`);
    expect((otherPort as Error).message).toBe(`The local stack in LEDGER_DATA_DIR=${liveDir} serves http://127.0.0.1:${livePort}, not PORT=${livePort + 1}: set LEDGER_DATA_DIR to the data directory the stack on port ${livePort + 1} was started with.`);
    expect(found.api).toBe(`http://127.0.0.1:${livePort}`);
  });
});
