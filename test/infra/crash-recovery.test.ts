import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port.ts';
import { client, type ApiResponse, type Client } from '../support/api.ts';
import { credit, debit, wideChart } from '../support/ledger.ts';
import { killStackGroup } from '../support/npm-start.ts';
import { waitUntil } from '../support/wait-until.ts';

/**
 * The whole local stack killed (SIGKILL to its process group, DynamoDB Local included) while wide
 * postings, voids and reversals run, then restarted on the same data: every journal reaches a
 * final state with no client request within the documented 60 seconds, and the trial balance
 * equals a naive sum of the posted lines of posted journals. CRASH_POINTS and CRASH_LEAVES make
 * it longer and wider (defaults 3 and 60: one post, one void and one reversal killed mid-job, in
 * 241-line journals of 9 transactions each). A kill lands in a posting, a void and a reversal
 * running side by side, one of each kind still wanted: each kill costs a restart of the whole
 * stack, so 3 points take one kill (and a second for a job that answered before it).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'ledger-crash-'));
/** The stacks' request and error log lines, shown when a journal is not finished in time. */
const logFile = join(dataDir, 'requests.log');
const POINTS = Number(process.env.CRASH_POINTS ?? 3);
const LEAVES = Number(process.env.CRASH_LEAVES ?? 60);
const CENTERS = 4;
const RECOVERY_LIMIT_MS = 60_000;

let stack: ChildProcess | undefined;
/** Everything the stacks printed, across restarts. */
let printed = '';
afterAll(async () => {
  if (stack?.pid) await killStack(stack);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Where the running stack serves: fresh ports on every start, so no other test's stack is handed a port this one comes back to. */
let port = 0;

/** Starts `npm start`'s script in its own process group, on fresh ports, and resolves once it is ready. */
async function startStack(): Promise<ChildProcess> {
  port = await freePort();
  const oidcPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PORT: String(port), OIDC_PORT: String(oidcPort), LEDGER_DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FILE: logFile },
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`no readiness line: ${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      printed += chunk.toString();
      if (output.includes('ready: ')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      printed += chunk.toString();
    });
    child.once('exit', (code) => fail(new Error(`exited ${code}: ${output}`)));
  });
  child.removeAllListeners('exit');
  return child;
}

/** SIGKILL to the whole group, mid-request: the gateway's process and its DynamoDB Local die at once. */
const killStack = (child: ChildProcess) => killStackGroup(child, dataDir);

type Books = Awaited<ReturnType<typeof wideChart>>;

/** A draft with a line per leaf and cost center, amounts varying by `seed`, and the bank crediting each cost center's total. */
async function wideDraft(api: Client, base: string, books: Books, seed: number): Promise<string> {
  const lines = books.centers.flatMap((center: { id: string }, c: number) => {
    const amounts = books.leaves.map((_: unknown, i: number) => (((i + 1) * (c + 1) * seed) % 9973) + 1);
    const total = amounts.reduce((s: number, a: number) => s + a, 0);
    return [...books.leaves.map((leaf: { id: string }, i: number) => debit(leaf.id, (amounts[i]! / 100).toFixed(2), center.id)), credit(books.bank.id, (total / 100).toFixed(2), center.id)];
  });
  const r = await api.post(`${base}/Journals`, { date: '2026-03-10T00:00:00Z', entries: lines });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.id;
}

const FINAL = ['draft', 'posted', 'voided', 'reversed'];

/** Every journal of the company (all pages). */
async function allJournals(api: Client, base: string): Promise<Array<{ id: string; status: string; version: number; reversedBy: string | null; entries: Array<{ accountId: string; side: number; amount: number | string }> }>> {
  const journals = [];
  for (let page: string | null = ''; page !== null; ) {
    const r: ApiResponse = await api.get(`${base}/Journals?pageSize=100${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    if (r.status !== 200) throw new Error(r.text);
    journals.push(...r.body.results);
    page = r.body.nextPage;
  }
  return journals;
}

/** The trial balance's movement of each leaf equals the sum of the posted lines of posted (and reversed) journals. */
async function expectTrialBalanceEqualsNaiveSum(api: Client, base: string): Promise<void> {
  const naive = new Map<string, { debit: bigint; credit: bigint }>();
  for (const journal of await allJournals(api, base)) {
    if (journal.status !== 'posted' && journal.status !== 'reversed') continue;
    for (const line of journal.entries) {
      const sums = naive.get(line.accountId) ?? { debit: 0n, credit: 0n };
      const cents = BigInt(Math.round(Number(line.amount) * 100));
      naive.set(line.accountId, line.side === 1 ? { ...sums, debit: sums.debit + cents } : { ...sums, credit: sums.credit + cents });
    }
  }
  const tb = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`);
  expect(tb.status, tb.text).toBe(200);
  const cents = (s: string) => BigInt(s.replace('.', ''));
  const shown = new Map<string, { debit: bigint; credit: bigint }>(
    tb.body.rows.filter((r: { type: string }) => r.type === 'leaf').map((r: { accountId: string; movement: { debit: string; credit: string } }) => [r.accountId, { debit: cents(r.movement.debit), credit: cents(r.movement.credit) }]),
  );
  for (const [accountId, sums] of naive) expect(shown.get(accountId) ?? { debit: 0n, credit: 0n }, accountId).toEqual(sums);
  for (const accountId of shown.keys()) expect(naive.has(accountId), accountId).toBe(true);
  expect(tb.body.totals.movement.debit).toBe(tb.body.totals.movement.credit);
}

describe('the local stack killed during wide postings', () => {
  it(`finishes every posting, void and reversal it was killed in (${POINTS} points) and keeps the trial balance exact`, async () => {
    stack = await startStack();
    const token = execFileSync(process.execPath, ['--import', 'tsx', 'infra/local/mint-token.ts', '--email', 'crash@example.com', '--seconds', '3600'], {
      cwd: ROOT,
      env: { ...process.env, LEDGER_DATA_DIR: dataDir },
      encoding: 'utf8',
    }).trim();
    const api = client(() => `http://127.0.0.1:${port}`, `Bearer ${token}`);
    const company = await api.post('/api/v1/Companies', { name: 'Crash Co', baseCurrency: 'SAR' });
    const base = `/api/v1/Companies/${company.body.id}`;
    const books = await wideChart(api, base, { leaves: LEAVES, centers: CENTERS });

    const actions = ['Post', 'Void', 'Reverse'] as const;
    /** The kinds still to be killed mid-request, POINTS of them in turn. */
    const wanted: Array<(typeof actions)[number]> = Array.from({ length: POINTS }, (_, i) => actions[i % actions.length]!);
    const landed: string[] = [];
    let attempts = 0;
    for (let kill = 1; wanted.length > 0; kill++) {
      // One job of each kind still wanted, run side by side.
      const round = actions.filter((action) => wanted.includes(action));
      const seed = attempts;
      attempts += round.length;
      expect(attempts, `kills landed so far: ${landed.join(', ')}`).toBeLessThan(POINTS * 4);
      const jobs = await Promise.all(
        round.map(async (action, k) => {
          const id = await wideDraft(api, base, books, seed + k + 1);
          if (action !== 'Post') {
            const posted = await api.post(`${base}/Journals/${id}/Post`, { postingDate: '2026-03-10', version: 1 });
            expect(posted.status, posted.text).toBe(200);
          }
          return { action, id, answered: false };
        }),
      );
      const sent = jobs.map((job) => {
        const body = job.action === 'Post' ? { postingDate: '2026-03-10', version: 1 } : job.action === 'Void' ? { version: 2 } : { postingDate: '2026-04-01', version: 2 };
        return api.post(`${base}/Journals/${job.id}/${job.action}`, body).then(
          () => void (job.answered = true),
          () => undefined,
        );
      });
      // Once every job shows, wait a random moment into them, then kill everything.
      await Promise.all(jobs.map((job) => waitUntil(async () => job.answered || (await api.get(`${base}/Journals/${job.id}`)).body.status !== (job.action === 'Post' ? 'draft' : 'posted'), 30_000, `the ${job.action} job to start`)));
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 120)));
      await killStack(stack);
      await Promise.all(sent);
      for (const job of jobs.filter((j) => !j.answered)) {
        landed.push(`${job.action} in kill ${kill}`);
        wanted.splice(wanted.indexOf(job.action), 1);
      }
      const what = jobs.map((job) => `${job.action} ${job.answered ? 'answered before the kill' : 'killed mid-request'}`).join(', ');

      stack = await startStack();
      // Every half second: each read is every journal's 241 lines, served by the process that is finishing the jobs.
      const waited = await waitUntil(async () => (await allJournals(api, base)).every((j) => FINAL.includes(j.status)), RECOVERY_LIMIT_MS, 'every journal to reach a final state', 500).catch(async (error: Error) => {
        const unfinished = (await allJournals(api, base)).filter((j) => !FINAL.includes(j.status)).map(({ entries: _lines, ...j }) => j);
        const errors = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.includes('"error"'));
        throw new Error(`${error.message} after kill ${kill} (${what}): ${JSON.stringify(unfinished)}\nerrors: ${errors.slice(-5).join('\n')}\noutput: ${printed}`);
      });
      console.log(`crash ${kill} (${what}): every journal final ${waited} ms after ready`);
      await expectTrialBalanceEqualsNaiveSum(api, base);
    }
    // The restarted stacks say what they finished: at least one kill found a job half applied.
    const recovered = [...printed.matchAll(/jobs: finished (\d+) wide posting/g)].reduce((n, m) => n + Number(m[1]), 0);
    console.log(`kills mid-request: ${landed.join(', ')}; jobs finished by recovery: ${recovered}`);
    expect(recovered).toBeGreaterThan(0);
    const journals = await allJournals(api, base);
    expect(journals.filter((j) => j.status === 'voided').length).toBeGreaterThan(0);
    expect(journals.filter((j) => j.status === 'reversed').length).toBeGreaterThan(0);
    await killStack(stack);
    stack = undefined;
  }, 600_000);
});
