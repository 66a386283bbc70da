import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port.ts';
import { startObjectStorage } from '../../infra/local/object-storage.ts';
import { client, type Client } from '../support/api.ts';
import { chartOfAccounts, credit, debit, draftJournal } from '../support/ledger.ts';
import { killStackGroup, START_NODE_FLAGS } from '../support/npm-start.ts';
import { waitUntil } from '../support/wait-until.ts';

/**
 * Uploads nothing checked when they landed, across a crash of the whole local stack (SIGKILL to
 * the service, then to the rest of its process group, DynamoDB Local and the object storage
 * included; killStack says why in that order): one uploaded while the
 * service was down (the object storage alone brought back on its data), one uploaded the moment
 * before the kill, whose check may have died before its write. After a restart on the same data
 * both are available, each with exactly one AttachmentAdded.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'ledger-arrival-'));

let stack: ChildProcess | undefined;
afterAll(async () => {
  if (stack?.pid) await killStack(stack);
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start`'s script on fresh ports in its own process group, ready; with the API's port and the object storage's. */
async function startStack(): Promise<{ child: ChildProcess; port: number; s3Port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...START_NODE_FLAGS, '--import', 'tsx', 'infra/local/start.ts'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PORT: String(port), OIDC_PORT: String(await freePort()), LEDGER_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`no readiness line: ${output}`)), 45_000);
    const gather = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready: ')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on('data', gather);
    child.stderr!.on('data', gather);
    child.once('exit', (code) => fail(new Error(`exited ${code}: ${output}`)));
  });
  child.removeAllListeners('exit');
  return { child, port, s3Port: Number(/^s3: http:\/\/127\.0\.0\.1:(\d+) /m.exec(output)![1]) };
}

/**
 * SIGKILL to the stack's process group. With `emulatorAfterMs`, the service (the group's leader,
 * whose process checks uploads) dies first and DynamoDB Local that much later: the emulator does
 * not promise that a write it answered a moment before a SIGKILL is on disk (local-start.test.ts),
 * where DynamoDB keeps every write it answered, so it is given time to write what it answered.
 */
async function killStack(child: ChildProcess, emulatorAfterMs?: number): Promise<void> {
  if (emulatorAfterMs !== undefined) {
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    process.kill(child.pid!, 'SIGKILL');
    await gone;
    await new Promise((r) => setTimeout(r, emulatorAfterMs));
  }
  await killStackGroup(child, dataDir);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const put = (upload: { url: string; headers: Record<string, string> }, body: Buffer) => fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(body) });

describe('uploads across a crash of the local stack', () => {
  it('makes an upload that landed while the service was down, and one whose check died with it, available after the restart, each with one AttachmentAdded', async () => {
    let started = await startStack();
    stack = started.child;
    const token = execFileSync(process.execPath, ['--import', 'tsx', 'infra/local/mint-token.ts', '--email', 'arrivals@example.com', '--seconds', '3600'], { cwd: ROOT, env: { ...process.env, LEDGER_DATA_DIR: dataDir }, encoding: 'utf8' }).trim();
    let port = started.port;
    const api: Client = client(() => `http://127.0.0.1:${port}`, `Bearer ${token}`);
    const company = await api.post('/api/v1/Companies', { name: 'Arrivals Co', baseCurrency: 'SAR' });
    const base = `/api/v1/Companies/${company.body.id}`;
    const chart = await chartOfAccounts(api, base);
    const journal = await draftJournal(api, base, [debit(chart.rent.id, 100), credit(chart.cash.id, 100)]);
    const files = { whileDown: Buffer.from('%PDF-1.7\n% uploaded while the service was down\n%%EOF\n'), atTheKill: Buffer.from('%PDF-1.7\n% uploaded as the service died\n%%EOF\n') };
    const declare = async (file: Buffer) => (await api.post(`${base}/Journals/${journal.id}/Attachments`, { fileName: 'invoice.pdf', contentType: 'application/pdf', size: file.length, sha256: sha256(file) })).body;
    const whileDown = await declare(files.whileDown);
    const atTheKill = await declare(files.atTheKill);

    // One lands as the service dies: its check may or may not have written.
    expect((await put(atTheKill.upload, files.atTheKill)).status).toBe(200);
    await killStack(stack, 2_000);
    // The other lands while only the object storage is up, on its data and port (where the URL points): nothing checks it.
    const storage = await startObjectStorage({ dataDir: join(dataDir, 's3'), port: started.s3Port });
    expect((await put(whileDown.upload, files.whileDown)).status).toBe(200);
    await storage.stop();

    started = await startStack();
    stack = started.child;
    port = started.port;
    const listed = async () => (await api.get(`${base}/Journals/${journal.id}/Attachments`)).body.results as Array<{ id: string; status: string }>;
    // The sweep after the start, not a read of either attachment, makes them available.
    await waitUntil(async () => (await listed()).every((a) => a.status === 'available'), 10_000, 'both uploads to be available');
    // Both events, once the feed shows them (a bounded wait: an event is numbered after its write, by the dispatcher or the feed's own round).
    const added = async () => (await api.get(`${base}/Events?type=AttachmentAdded`)).body.results.map((e: { data: { id: string } }) => e.data.id) as string[];
    await waitUntil(async () => (await added()).length >= 2, 10_000, 'both AttachmentAdded events to be numbered');
    expect((await added()).sort()).toEqual([whileDown.id, atTheKill.id].sort());
    // The file kept is the one uploaded while the service was down.
    const read = await api.get(`${base}/Journals/${journal.id}/Attachments/${whileDown.id}`);
    expect(read.body).toMatchObject({ status: 'available', version: 2 });
    expect(Buffer.from(await (await fetch(read.body.download.url)).arrayBuffer()).equals(files.whileDown)).toBe(true);
  }, 90_000);
});
