import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { client, type ApiResponse, type Client } from '../support/api.ts';
import { killStackGroup, startedStack, type NpmStart } from '../support/npm-start.ts';
import { waitUntil } from '../support/wait-until.ts';

/**
 * Issue 44, Must show 1: `npm start`'s schedule worker killed (SIGKILL to the whole stack,
 * DynamoDB Local included) while it posts the occurrences of templates started in the past, then
 * the stack started again on the same data: its worker finishes the run, and every due occurrence
 * has exactly one journal, posted, with one occurrence item naming it. Two workers at once on one
 * table: test/db/schedules/schedule-crash.test.ts.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'ledger-schedules-crash-'));
const TEMPLATES = 2;
const DAYS = 20;
/** The worker runs every second rather than every 10, so its next run comes soon after the templates. */
const EVERY_SECOND = { LOCAL_SCHEDULE_SECONDS: '1' };

let running: NpmStart | undefined;
afterAll(async () => {
  if (running) await kill(running);
  rmSync(dataDir, { recursive: true, force: true });
});

/** SIGKILL to the stack's process group, mid-run: the worker and its DynamoDB Local die at once. */
async function kill(stack: NpmStart): Promise<void> {
  await killStackGroup(stack.stack, dataDir);
  running = undefined;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Journal = { id: string; status: string; reference: string };
async function scheduleJournals(api: Client, base: string): Promise<Journal[]> {
  const found: Journal[] = [];
  for (let page: string | null = ''; page !== null; ) {
    const r: ApiResponse = await api.get(`${base}/Journals?pageSize=100${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    if (r.status !== 200) throw new Error(r.text);
    found.push(...r.body.results.filter((j: Journal) => j.reference?.startsWith('schedule ')));
    page = r.body.nextPage;
  }
  return found;
}

describe('the schedule worker killed with the stack', () => {
  it('generates every due occurrence exactly once after a restart', async () => {
    running = await startedStack(dataDir, EVERY_SECOND);
    let port = running.port;
    const token = execFileSync(process.execPath, ['--import', 'tsx', 'infra/local/mint-token.ts', '--email', 'schedules-crash@example.com', '--seconds', '3600'], { cwd: ROOT, env: { ...process.env, LEDGER_DATA_DIR: dataDir }, encoding: 'utf8' }).trim();
    const api = client(() => `http://127.0.0.1:${port}`, `Bearer ${token}`);
    const company = await api.post('/api/v1/Companies', { name: 'Schedules crash', baseCurrency: 'SAR' });
    const base = `/api/v1/Companies/${company.body.id}`;
    const account = async (code: string, classification: string) => {
      const root = await api.post(`${base}/Accounts`, { code, name: { arabic: 'ف', english: `Root ${code}` }, type: 'category', classification });
      return (await api.post(`${base}/Accounts`, { code: `${code}1`, name: { arabic: 'ح', english: `Leaf ${code}` }, type: 'leaf', parentId: root.body.id })).body.id as string;
    };
    const [rent, bank] = [await account('5', 'expense'), await account('1', 'asset')];
    const start = day(-(DAYS - 1));
    const today = day(0);
    for (const year of new Set([start.slice(0, 4), today.slice(0, 4)])) {
      const r = await api.post(`${base}/FinancialYears`, { startDate: `${year}-01-01`, endDate: `${year}-12-31` });
      expect(r.status, r.text).toBe(200);
    }
    const templates: string[] = [];
    for (let t = 0; t < TEMPLATES; t++) {
      const r = await api.post(`${base}/Schedules`, { description: `Daily ${t}`, lines: [{ accountId: rent, side: 1, amount: 10 + t }, { accountId: bank, side: 2, amount: 10 + t }], recurrence: { frequency: 'everyNDays', days: 1 }, startDate: start, action: 'post' });
      expect(r.status, r.text).toBe(200);
      templates.push(r.body.id);
    }

    // The worker's next run (every second here) takes them: killed once a few journals are made.
    await waitUntil(async () => (await scheduleJournals(api, base)).length >= 3, 30_000, 'the worker to start generating', 200);
    await kill(running);
    running = await startedStack(dataDir, EVERY_SECOND);
    port = running.port;

    // The first run after the restart finishes what the killed one left.
    const settled = async () => (await Promise.all(templates.map(async (id) => (await api.get(`${base}/Schedules/${id}`)).body.lastSettledDate))).every((d) => d === today);
    await waitUntil(settled, 60_000, 'every occurrence to be settled', 500);

    const journals = await scheduleJournals(api, base);
    const expected = templates.flatMap((id) => Array.from({ length: DAYS }, (_, i) => `schedule ${id} ${day(i - (DAYS - 1))}`)).sort();
    expect(journals.map((j) => j.reference).sort()).toEqual(expected);
    expect(journals.filter((j) => j.status !== 'posted')).toEqual([]);
    for (const id of templates) {
      const history = (await api.get(`${base}/Schedules/${id}/Occurrences?pageSize=100`)).body.results as Array<{ state: string; journalId: string }>;
      expect(history.map((o) => o.state)).toEqual(Array.from({ length: DAYS }, () => 'generated'));
      expect(new Set(history.map((o) => o.journalId)).size).toBe(DAYS);
    }
  }, 120_000);
});
