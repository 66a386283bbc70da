import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stackFileOf } from '../../infra/local/running-stack.ts';
import { jsonDocuments } from '../support/json-documents.ts';
import { fencedBlocks, type FencedBlock } from '../support/markdown-blocks.ts';
import { interrupt, shellEnv, startedStack, type NpmStart } from '../support/npm-start.ts';

/**
 * README's ```sh blocks, pasted as a reader pastes them: in order, in one bash session
 * (`-euo pipefail`: a failing command, a failing stage of a pipe or a variable no earlier block
 * defined stops it), in a directory of the clone, against `npm start` moved off its default
 * ports and data directory with `PORT` and `LEDGER_DATA_DIR` exported as README says. ```console
 * blocks are commands README does not mean to be run here (the comment at its top). Then the
 * helpers on the same stack given only what README says to set (LEDGER_DATA_DIR, TOKEN), and
 * Ctrl-C: one `npm start` for both, as each start is seconds of the suite.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const BLOCKS = fencedBlocks(README);
const RUNNABLE = BLOCKS.filter((block) => block.info === 'sh');

/** Info strings README uses: shell run (sh) or not (console), output (text) and the languages of its other examples. */
const KNOWN_INFO = ['sh', 'console', 'text', 'js', 'json', 'csv'];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const anId = new RegExp(`^${UUID}$`);

const dataDir = mkdtempSync(join(tmpdir(), 'ledger-readme-'));
// Inside the clone, where a reader runs them (npm finds the package from there); test-results/ is git-ignored.
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
const workDir = mkdtempSync(join(ROOT, 'test-results', 'readme-'));
/** `npm start` moved as README's "How the helpers find the stack" moves it: started by the first test that needs it, stopped by the helpers' Ctrl-C. */
let stack: Promise<NpmStart> | undefined;
const runningStack = () => (stack ??= startedStack(dataDir));
afterAll(async () => {
  if (stack) await stack.then(interrupt, () => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(workDir, { recursive: true, force: true });
});

const marker = (index: number) => `@@readme-block ${index}@@`;

/** The runnable blocks as one script, each announced on stdout and stderr so that its output and a failure can be told apart. */
function sessionScript(blocks: FencedBlock[]): string {
  const announce = (text: string) => `printf '\\n%s\\n' '${text}'; printf '\\n%s\\n' '${text}' >&2\n`;
  return blocks.map((block, index) => announce(marker(index)) + block.text).join('') + announce('@@readme-end@@');
}

/** bash on the script, with the environment given: exit code and output. */
function runBash(script: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const file = join(workDir, 'readme.sh');
  writeFileSync(file, script);
  const bash = spawn('bash', ['-euo', 'pipefail', file], { cwd: workDir, env: shellEnv(env), timeout: 300_000 });
  let stdout = '';
  let stderr = '';
  bash.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  bash.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((r) => bash.once('close', (code) => r({ code, stdout, stderr })));
}

/** What the text printed between one block's marker and the next. */
function sections(text: string): Map<number, string> {
  const parts = text.split(/\n@@readme-block (\d+)@@\n/);
  const found = new Map<number, string>();
  for (let i = 1; i < parts.length; i += 2) found.set(Number(parts[i]), parts[i + 1]!.split('\n@@readme-end@@\n')[0]!);
  return found;
}

describe("README's shell blocks", () => {
  it('are each marked as run (sh) or not (console); output is text', () => {
    expect(BLOCKS.filter((block) => !KNOWN_INFO.includes(block.info)).map((block) => `line ${block.line}: "${block.info}"`)).toEqual([]);
    expect(RUNNABLE.length).toBeGreaterThan(5);
  });

  it('run as written, in order, in one bash session, and print what README says', async () => {
    // Arrange: the stack, moved as README's "How the helpers find the stack" moves it.
    const started = await runningStack();
    const began = Date.now();

    // Act: README's blocks; the walkthrough's workbook goes to the work directory (README: STATEMENTS_FILE names another).
    const session = await runBash(sessionScript(RUNNABLE), { PORT: String(started.port), LEDGER_DATA_DIR: dataDir, STATEMENTS_FILE: join(workDir, 'statements-2026.xlsx') });
    console.log(`README's ${RUNNABLE.length} shell blocks ran in ${((Date.now() - began) / 1000).toFixed(1)} s`);

    // Assert: every block ran and the session ended well; else the block that stopped it, with what it printed.
    const out = sections(session.stdout);
    const err = sections(session.stderr);
    const reached = Math.max(-1, ...out.keys());
    const failed = RUNNABLE[reached];
    expect(session.code, `README's block on line ${failed?.line} stopped the session (exit ${session.code}):\n${failed?.text}--- stdout\n${out.get(reached)}\n--- stderr\n${err.get(reached)}`).toBe(0);
    expect(session.stdout).toContain('@@readme-end@@');
    expect([...out.keys()]).toEqual(RUNNABLE.map((_, index) => index));

    const outputOf = (snippet: string) => {
      const index = RUNNABLE.findIndex((block) => block.text.includes(snippet));
      expect(index, `no runnable block holds ${snippet}`).toBeGreaterThanOrEqual(0);
      return out.get(index)!;
    };

    // Try it: a company and its year, by id.
    const [, company, year] = /^company (\S+), year (\S+)$/m.exec(outputOf('COMPANY=$(')) ?? [];
    expect(company).toMatch(anId);
    expect(year).toMatch(anId);

    // The walkthrough prints what README shows after it, ids and the workbook's place apart.
    const walkthroughIndex = BLOCKS.findIndex((block) => block.info === 'sh' && block.text.includes('npm run -s walkthrough'));
    const shown = BLOCKS[walkthroughIndex + 1]!;
    expect(shown.info).toBe('text');
    // Serial numbers are unique, not gapless: a number drawn by a request that lost a race is not used again.
    const normal = (text: string) => text.replaceAll(`${workDir}/`, '').replace(new RegExp(UUID, 'g'), '<id>').replace(/#\d+/g, '#<n>').trimEnd();
    expect(normal(outputOf('npm run -s walkthrough'))).toBe(normal(shown.text));
    const vatIndex = BLOCKS.findIndex((block) => block.info === 'sh' && block.text.includes('npm run -s vat-walkthrough'));
    expect(BLOCKS[vatIndex + 1]!.info).toBe('text');
    expect(normal(outputOf('npm run -s vat-walkthrough'))).toBe(normal(BLOCKS[vatIndex + 1]!.text));
    const approvalsIndex = BLOCKS.findIndex((block) => block.info === 'sh' && block.text.includes('npm run -s approvals-walkthrough'));
    expect(BLOCKS[approvalsIndex + 1]!.info).toBe('text');
    expect(normal(outputOf('npm run -s approvals-walkthrough'))).toBe(normal(BLOCKS[approvalsIndex + 1]!.text));
    const reconciliationIndex = BLOCKS.findIndex((block) => block.info === 'sh' && block.text.includes('npm run -s reconciliation-walkthrough'));
    expect(BLOCKS[reconciliationIndex + 1]!.info).toBe('text');
    expect(normal(outputOf('npm run -s reconciliation-walkthrough'))).toBe(normal(BLOCKS[reconciliationIndex + 1]!.text));
    const attachmentsIndex = BLOCKS.findIndex((block) => block.info === 'sh' && block.text.includes('npm run -s attachments-walkthrough'));
    expect(BLOCKS[attachmentsIndex + 1]!.info).toBe('text');
    expect(normal(outputOf('npm run -s attachments-walkthrough'))).toBe(normal(BLOCKS[attachmentsIndex + 1]!.text));

    // Exports: the files, under the names the answers give them.
    expect(readFileSync(join(workDir, 'trial-balance_2026-01-01_2026-12-31_ar.xlsx')).subarray(0, 2).toString()).toBe('PK');
    expect(readFileSync(join(workDir, 'journals_2026-01-01_2026-03-31_en.csv'), 'utf8')).toMatch(/^\uFEFFSerial number,Entry number,Date,/);

    // Webhooks: the subscription with its secret, shown once.
    expect(jsonDocuments(outputOf('/Webhooks"'))).toEqual([expect.objectContaining({ url: 'https://erp.example.com/ledger-hook', secret: expect.stringMatching(/^whsec_/) })]);

    // Imports: the job of the chart's five rows, waited for until it ended (the later blocks read its accounts), then its errors page.
    const [job, errors] = jsonDocuments(outputOf('/Imports"')) as [{ id: string; kind: string; status: string; counts: { rows: number } }, { results: unknown[] }];
    expect(job).toMatchObject({ kind: 'accounts', status: 'succeeded', counts: { rows: 5 } });
    expect(job.id).toMatch(anId);
    expect(errors.results).toEqual([]);

    // Auditing: the chain verifies; the trial balance as known then balances; restatements are a page.
    expect(jsonDocuments(outputOf('/Audit/Verify"'))).toEqual([expect.objectContaining({ verified: true, firstBrokenSequence: null })]);
    const [trial, restatements] = jsonDocuments(outputOf('knownAt=')) as [{ financialYearId: string; totals: { closing: { debit: string; credit: string } } }, { results: unknown[] }];
    expect(trial.financialYearId).toBe(year);
    expect(trial.totals.closing.debit).toBe(trial.totals.closing.credit);
    expect(restatements.results).toEqual([]);
    // The auditors' data: a page of journals, the trial balance (its balances net to zero) and the chart, for the auditors' key.
    const [journals, balances, chart] = jsonDocuments(outputOf('/AuditData/GL/Journals')) as Array<{ results: Array<Record<string, unknown>> }>;
    expect(journals!.results.every((j) => typeof j.journalId === 'string' && Array.isArray(j.glLineItems))).toBe(true);
    expect(balances!.results.reduce((sum, b) => sum + Math.round(Number(b.amountEnding) * 1000), 0)).toBe(0);
    expect(chart!.results.length).toBeGreaterThan(0);
  }, 400_000);
});

function npmRun(args: string[], env: Record<string, string>) {
  return spawnSync('npm', ['run', '-s', ...args], { cwd: ROOT, env: shellEnv(env), encoding: 'utf8', timeout: 60_000 });
}

/**
 * A newcomer's first hour, as README tells it: `npm start` moved off its default ports and data
 * directory, then the helpers given only what README says to set (LEDGER_DATA_DIR), then Ctrl-C
 * (SIGINT to the whole process group, as a terminal sends it). The walkthrough finds the stack
 * as `npm run token` does (infra/local/running-stack.ts) and runs in README's blocks above, so
 * it is not run a second time here. The Ctrl-C comes while the service is too busy to answer it
 * at once (paused half a second): the stack still stops on its own and says so.
 */
describe('the helpers follow the stack npm start runs', () => {
  it('npm start on other ports and a temporary data directory; token and recount with LEDGER_DATA_DIR only; Ctrl-C says stopped, even while busy', async () => {
    // Arrange: the stack, in its own process group as a terminal would run it.
    const started = await runningStack();
    const output = () => started.output.text;

    // Act: the helpers, with nothing but the data directory; the token makes a company with an account to recount.
    const token = npmRun(['token', '--', '--email', 'newcomer@example.com'], { LEDGER_DATA_DIR: dataDir });
    const post = (path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${started.port}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token.stdout.trim()}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const companyId = ((await (await post('/api/v1/Companies', { name: 'Newcomer Co', baseCurrency: 'SAR' })).json()) as { id?: string }).id ?? 'none';
    const account = await post(`/api/v1/Companies/${companyId}/Accounts`, { code: '1', name: { english: 'Assets', arabic: 'الأصول' }, type: 'category', classification: 'asset' }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const recount = npmRun(['recount-tree-levels', '--', companyId], { LEDGER_DATA_DIR: dataDir });
    await interrupt(started, 500);
    const after = npmRun(['token', '--', '--email', 'newcomer@example.com'], { LEDGER_DATA_DIR: dataDir });

    // Assert
    expect(token.status, token.stderr).toBe(0);
    expect(token.stdout.trim()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(account.status, account.text).toBe(200);
    expect(recount.status, recount.stderr).toBe(0);
    expect(recount.stdout).toMatch(new RegExp(`${companyId} ACCOUNT: 1 records, 0 recounted`));
    expect(output().trimEnd().split('\n').at(-1)).toBe('stopped');
    expect(output()).not.toContain('unexpectedly');
    expect(existsSync(stackFileOf(dataDir))).toBe(false);
    expect(after.status).toBe(1);
    expect(after.stderr.trim().split('\n')).toEqual([`No local stack is running in LEDGER_DATA_DIR=${dataDir} (no local.json): start one with \`npm start\`, or set LEDGER_DATA_DIR to the data directory the running one was started with.`]);
  }, 120_000);
});
