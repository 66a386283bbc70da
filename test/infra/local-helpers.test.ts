import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port.ts';
import { findRunningStack, stackFileOf } from '../../infra/local/running-stack.ts';

/**
 * How the helpers find the stack `npm start` runs (running-stack.ts) when local.json is stale or
 * PORT names another stack. The helpers following a live `npm start` with LEDGER_DATA_DIR only,
 * and Ctrl-C, run in readme-blocks.test.ts, on the stack README's blocks ran against.
 */
describe('the helpers follow the stack npm start runs', () => {
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
