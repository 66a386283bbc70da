import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolve } from 'node:path';
import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';

/**
 * Exports at ledger size: one company whose chart has every leaf under one category, loaded
 * through bench/fast-load.ts with a year of two-line journals (BENCH_EXPORT_LINES entry lines,
 * default 100,000), then that category's general ledger and the journal list for the year
 * exported as CSV and as XLSX, each in a fresh process (bench/export-once.ts), as a Lambda would
 * run it, and then four journal-list exports at once (CSV, XLSX, CSV, XLSX): the time, the file's
 * size and the process's peak resident memory, its heap bounded as in a 256 MB function
 * (LAMBDA_HEAP_FLAGS). The export writes into a counting sink with no cap, past the API's limits
 * (50,000 lines, 4 MiB): it measures reading and rendering.
 * Targets: peak resident memory under 256 MB (the smallest Lambda the export should fit); at
 * 50,000 lines (the API's cap), each export, alone or four at once, within 10 s: a third of API
 * Gateway's 30 s.
 * Prints a table and adds `exports` to bench/results.json.
 */
const LINES = Number(process.env.BENCH_EXPORT_LINES ?? 100_000);
/** BENCH_EXPORTS=ledger (or journals) exports only that kind, and saves nothing: for measuring one while changing it. */
const KINDS = (process.env.BENCH_EXPORTS?.split(',') ?? ['ledger', 'journals']) as Array<'ledger' | 'journals'>;
const EVERY_KIND = KINDS.includes('ledger') && KINDS.includes('journals');
const MEMORY_TARGET_MB = 256;
const TIME_TARGET_MS = 10_000;
/**
 * V8's heap bounded as in a function of that size (old space 192 MB, young generation 2 x 16 MB
 * semi-spaces), so the child cannot grow its heap lazily past what such a function has: on a
 * large host V8 would size it from the machine's memory. An export that needed more would fail.
 */
const LAMBDA_HEAP_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=16'];
const ROOT = resolve(import.meta.dirname, '..');

const stack = await startBenchStack();
const call = stack.ok;
const { load, postedJournals } = await import('./fast-load.ts');
const { LedgerFold } = await import('../shared/db/ledger/ledger-fold.ts');
const { postingFigures } = await import('../shared/journals/posting-figures.ts');

const company = await call('POST', '/api/v1/Companies', { name: 'Export Bench Co', baseCurrency: 'SAR' });
const base = `/api/v1/Companies/${company.id}`;
const books = await call('POST', `${base}/Accounts`, { code: '1', name: { english: 'Books', arabic: 'الدفاتر' }, type: 'category', classification: 'asset' });
const leaves: string[] = [];
for (let i = 0; i < 30; i++) leaves.push((await call('POST', `${base}/Accounts`, { code: `1${String(i).padStart(3, '0')}`, name: { english: `Account ${i}`, arabic: `الحساب ${i}` }, type: 'leaf', parentId: books.id })).id);
const centers: string[] = [];
for (let c = 0; c < 5; c++) centers.push((await call('POST', `${base}/CostCenters`, { code: `C${c}`, name: { english: `C${c}`, arabic: `C${c}` } })).id);
const year = await call('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
const plan = { companyId: company.id as string, yearId: year.id as string, periods: year.periods, accounts: leaves, busy: leaves[0]!, costCenters: centers, firstSerial: 1 };

const loading = performance.now();
await load(plan, postedJournals(plan, LINES, LINES), new LedgerFold(plan.companyId, postingFigures));
const loadSeconds = Number(((performance.now() - loading) / 1000).toFixed(1));
console.log(`${LINES} lines loaded in ${loadSeconds} s`);

type Measured = { kind: string; format: string; ms: number; bytes: number; lines: number; calls: number; itemsRead: number; rssBeforeMb: number; peakRssMb: number };
const run = promisify(execFile);
async function exportOnce(kind: 'ledger' | 'journals', format: 'csv' | 'xlsx') {
  const { stdout } = await run(process.execPath, [...LAMBDA_HEAP_FLAGS, '--import', 'tsx', resolve(ROOT, 'bench/export-once.ts'), kind, plan.companyId, books.id, format, '2026-01-01', '2026-12-31'], { cwd: ROOT, env: process.env, maxBuffer: 2 ** 20 });
  const measured = JSON.parse(stdout.trim().split('\n').at(-1)!) as Measured;
  return { ...measured, megabytes: Number((measured.bytes / 2 ** 20).toFixed(1)), linesPerSecond: Math.round(measured.lines / (measured.ms / 1000)) };
}
const results: Array<Awaited<ReturnType<typeof exportOnce>> & { together?: number }> = [];
for (const kind of KINDS) for (const format of ['csv', 'xlsx'] as const) results.push(await exportOnce(kind, format));
if (KINDS.includes('journals')) {
  const together = await Promise.all((['csv', 'xlsx', 'csv', 'xlsx'] as const).map((format) => exportOnce('journals', format)));
  results.push(...together.map((r) => ({ ...r, together: 4 })));
}
console.log(`General ledger and journal list of ${LINES} lines for a year, exported in a fresh process each, the last four at once (targets: peak resident memory < ${MEMORY_TARGET_MB} MB; at 50,000 lines, each within ${TIME_TARGET_MS} ms):`);
console.table(results.map(({ kind, format, together: at, ms, megabytes, lines, linesPerSecond, calls, itemsRead, rssBeforeMb, peakRssMb }) => ({ kind, format, atOnce: at ?? 1, ms, megabytes, lines, linesPerSecond, calls, itemsRead, rssBeforeMb, peakRssMb })));
const timed = LINES <= 50_000;
const verdicts = results.map(
  (r) =>
    `${r.kind} ${r.format}${r.together ? ' (four at once)' : ''}: ${r.lines} lines in ${r.ms} ms, ${r.megabytes} MB file, peak ${r.peakRssMb} MB resident (target < ${MEMORY_TARGET_MB} MB${timed ? `, < ${TIME_TARGET_MS} ms` : ''}): ${r.lines === LINES && r.peakRssMb < MEMORY_TARGET_MB && (!timed || r.ms < TIME_TARGET_MS) ? 'met' : 'missed'}`,
);
for (const verdict of verdicts) console.log(verdict);

if (EVERY_KIND) saveResults({ exports: { measuredAt: new Date().toISOString(), lines: LINES, loadSeconds, results, verdicts } });
await stack.stop();
process.exit(0);
