import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * The SAF-T Financial file in and out, each against the service's own way of doing the same.
 *
 * In: one company's BENCH_SAFT_JOURNALS (default 1,000) journals of 10 lines (a chart of 50
 * leaves, cost centers on a third of the lines, dates over 2026), imported as a CSV file and
 * posted; the same books' SAF-T file (the export's, over HTTP) then imported into a second
 * company, its chart and cost centers first, the journals posted. Both jobs sent over HTTP and run
 * by the import worker in this process; the lines per second of each journals job and their
 * ratio. The file is checked against the Norwegian v1.30 schema (xmllint) and the copy's trial
 * balance against the source's.
 *
 * Out: a company of BENCH_SAFT_EXPORT_LINES (default 100,000) posted lines loaded through
 * bench/fast-load.ts, its year's SAF-T file written as an export job writes it, in a fresh
 * process with V8's heap bounded as in a 256 MB function (bench/saf-t-once.ts), validated against
 * the schema with xmllint (streaming), beside the same year's general ledger exported as CSV in
 * the same way (bench/export-once.ts): time, lines per second, peak resident memory (target under
 * 256 MB) and the ratio. Adds `safT` to bench/results.json.
 */
const JOURNALS = Number(process.env.BENCH_SAFT_JOURNALS ?? 1_000);
const EXPORT_LINES = Number(process.env.BENCH_SAFT_EXPORT_LINES ?? 100_000);
const LINES_PER_JOURNAL = 10;
const MEMORY_TARGET_MB = 256;
const LAMBDA_HEAP_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=16'];
const ROOT = resolve(import.meta.dirname, '..');
const XSD = resolve(ROOT, 'docs/standards/saf-t/Norwegian_SAF-T_Financial_Schema_v_1.30.xsd');
const run = promisify(execFile);

const stack = await startBenchStack();
const { runImports } = await import('../functions/ops/run-imports.ts');

async function booksCompany(name: string) {
  const company = await stack.ok('POST', '/api/v1/Companies', { name, baseCurrency: 'SAR' });
  const base = `/api/v1/Companies/${company.id}`;
  const year = await stack.ok('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  return { companyId: company.id as string, base, yearId: year.id as string };
}
type Books = Awaited<ReturnType<typeof booksCompany>>;

/** Sends an import and runs the worker until it ends; the job and the seconds from sending to its end. */
async function imported(books: Books, body: Record<string, unknown>) {
  const started = performance.now();
  const job = await stack.ok('POST', `${books.base}/Imports`, body);
  await runImports({ companyId: books.companyId });
  const ended = await stack.ok('GET', `${books.base}/Imports/${job.id}`);
  if (ended.status !== 'succeeded') throw new Error(`${body.kind} import ${ended.status}: ${JSON.stringify(ended.counts)}`);
  return { job: ended, seconds: (performance.now() - started) / 1000 };
}

/** xmllint's verdict on a file against the v1.30 schema, reading it as a stream: null when valid. */
async function schemaProblem(file: string): Promise<string | null> {
  try {
    await run('xmllint', ['--stream', '--noout', '--schema', XSD, file], { maxBuffer: 2 ** 24 });
    return null;
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error).slice(0, 2000);
  }
}

const work = mkdtempSync(join(tmpdir(), 'saf-t-bench-'));

// In: the CSV import, then the SAF-T import of the same books.
const leaves = ['1', '2', '3', '4', '5'].flatMap((root) => Array.from({ length: 10 }, (_, i) => `${root}.${root}${String(i).padStart(2, '0')}`));
const chartCsv = [
  'code,parentPath,type,classification,nameArabic,nameEnglish',
  ...(['asset', 'liability', 'equity', 'revenue', 'expense'] as const).flatMap((classification, r) => [
    `${r + 1},,category,${classification},${r + 1},Root ${r + 1}`,
    ...Array.from({ length: 10 }, (_, i) => `${r + 1}${String(i).padStart(2, '0')},${r + 1},leaf,,حساب ${r + 1}${i},Account ${r + 1}${i}`),
  ]),
].join('\r\n');
const centersCsv = ['code,parentPath,nameArabic,nameEnglish', ...Array.from({ length: 6 }, (_, c) => `C${c},,مركز ${c},Center ${c}`)].join('\r\n');
const cents = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
const next = seededRandom(43);
const journalRows: string[] = [];
for (let j = 0; j < JOURNALS; j++) {
  const day = new Date(Date.UTC(2026, 0, 1 + Math.floor(next() * 365))).toISOString().slice(0, 10);
  const amounts = Array.from({ length: LINES_PER_JOURNAL / 2 }, () => Math.floor(next() * 500_000) + 100);
  for (const [side, list] of [[1, amounts], [2, [...amounts].reverse()]] as const) {
    for (const amount of list) {
      const center = next() < 0.33 ? `C${Math.floor(next() * 6)}` : '';
      journalRows.push(`SRC-${String(j).padStart(5, '0')},${day},${leaves[Math.floor(next() * leaves.length)]},${side},${cents(amount)},Journal ${j},${center}`);
    }
  }
}
const journalsCsv = ['reference,date,accountPath,side,amount,description,costCenterPath', ...journalRows].join('\r\n');

const source = await booksCompany('SAF-T Source Co');
await imported(source, { kind: 'accounts', format: 'csv', data: chartCsv });
await imported(source, { kind: 'costCenters', format: 'csv', data: centersCsv });
const csvImport = await imported(source, { kind: 'journals', format: 'csv', post: true, data: journalsCsv });

const fileResponse = await stack.call('GET', `${source.base}/Exports/SafT?dateFrom=2026-01-01&dateTo=2026-12-31`);
if (fileResponse.status !== 200) throw new Error(`SAF-T export ${fileResponse.status}: ${fileResponse.text}`);
const safTText = fileResponse.text;
const importFile = join(work, 'import.xml');
writeFileSync(importFile, safTText);
const importFileProblem = await schemaProblem(importFile);

const copy = await booksCompany('SAF-T Copy Co');
await imported(copy, { kind: 'accounts', format: 'saf-t', data: safTText });
await imported(copy, { kind: 'costCenters', format: 'saf-t', data: safTText });
const safTImport = await imported(copy, { kind: 'journals', format: 'saf-t', post: true, data: safTText });
const trial = async (books: Books) => JSON.stringify((await stack.ok('GET', `${books.base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).rows.map((r: { path: string; closing: unknown }) => [r.path, r.closing]));
const sameBooks = (await trial(copy)) === (await trial(source));

const lines = JOURNALS * LINES_PER_JOURNAL;
const importRates = {
  journals: JOURNALS,
  lines,
  csv: { fileBytes: Buffer.byteLength(journalsCsv), seconds: Number(csvImport.seconds.toFixed(1)), linesPerSecond: Math.round(lines / csvImport.seconds) },
  safT: { fileBytes: Buffer.byteLength(safTText), seconds: Number(safTImport.seconds.toFixed(1)), linesPerSecond: Math.round(lines / safTImport.seconds) },
  safTOverCsv: Number((csvImport.seconds / safTImport.seconds).toFixed(2)),
  fileValid: importFileProblem === null,
  sameTrialBalance: sameBooks,
};

// Out: a large company's file as a job writes it, beside its general ledger as CSV.
const { load, postedJournals } = await import('./fast-load.ts');
const { LedgerFold } = await import('../shared/db/ledger/ledger-fold.ts');
const { postingFigures } = await import('../shared/journals/posting-figures.ts');
const large = await booksCompany('SAF-T Export Co');
const category = await stack.ok('POST', `${large.base}/Accounts`, { code: '1', name: { english: 'Books', arabic: 'الدفاتر' }, type: 'category', classification: 'asset' });
const accounts: string[] = [];
for (let i = 0; i < 30; i++) accounts.push((await stack.ok('POST', `${large.base}/Accounts`, { code: `1${String(i).padStart(3, '0')}`, name: { english: `Account ${i}`, arabic: `الحساب ${i}` }, type: 'leaf', parentId: category.id })).id);
const costCenters: string[] = [];
for (let c = 0; c < 5; c++) costCenters.push((await stack.ok('POST', `${large.base}/CostCenters`, { code: `C${c}`, name: { english: `C${c}`, arabic: `C${c}` } })).id);
const year = await stack.ok('GET', `${large.base}/FinancialYears/${large.yearId}`);
const plan = { companyId: large.companyId, yearId: large.yearId, periods: year.periods, accounts, busy: accounts[0]!, costCenters, firstSerial: 1 };
await load(plan, postedJournals(plan, EXPORT_LINES, EXPORT_LINES), new LedgerFold(plan.companyId, postingFigures));

const exportFile = join(work, 'export.xml');
const fresh = async (script: string, args: string[]) => {
  const { stdout } = await run(process.execPath, [...LAMBDA_HEAP_FLAGS, '--import', 'tsx', resolve(ROOT, script), ...args], { cwd: ROOT, env: process.env, maxBuffer: 2 ** 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { ms: number; bytes: number; lines: number; peakRssMb: number };
};
const safTExport = await fresh('bench/saf-t-once.ts', [large.companyId, '2026-01-01', '2026-12-31', exportFile]);
const validating = performance.now();
const exportProblem = await schemaProblem(exportFile);
const validateSeconds = (performance.now() - validating) / 1000;
const ledgerExport = await fresh('bench/export-once.ts', ['ledger', large.companyId, category.id, 'csv', '2026-01-01', '2026-12-31']);
const rate = (r: { ms: number; lines: number }) => Math.round(r.lines / (r.ms / 1000));
const exportRates = {
  lines: EXPORT_LINES,
  safT: { ms: safTExport.ms, megabytes: Number((safTExport.bytes / 2 ** 20).toFixed(1)), lines: safTExport.lines, linesPerSecond: rate(safTExport), peakRssMb: safTExport.peakRssMb, valid: exportProblem === null, validateSeconds: Number(validateSeconds.toFixed(1)) },
  generalLedgerCsv: { ms: ledgerExport.ms, megabytes: Number((ledgerExport.bytes / 2 ** 20).toFixed(1)), lines: ledgerExport.lines, linesPerSecond: rate(ledgerExport), peakRssMb: ledgerExport.peakRssMb },
  safTOverGeneralLedger: Number((rate(safTExport) / rate(ledgerExport)).toFixed(2)),
};

console.log(`SAF-T import against the CSV import of the same ${JOURNALS} journals (${lines} lines), each job sent and run by the worker:`);
console.table([
  { path: 'CSV import', ...importRates.csv },
  { path: 'SAF-T import', ...importRates.safT },
]);
console.log(`SAF-T import at x${importRates.safTOverCsv} the CSV import's rate; the file ${importRates.fileValid ? 'valid' : `INVALID: ${importFileProblem}`} against the v1.30 schema; the copy's trial balance ${sameBooks ? 'equals' : 'DIFFERS FROM'} the source's`);
console.log(`SAF-T file of ${EXPORT_LINES} lines as an export job writes it, beside the general ledger as CSV, each in a fresh process (target: peak resident memory < ${MEMORY_TARGET_MB} MB):`);
console.table([
  { file: 'SAF-T', ...exportRates.safT },
  { file: 'general ledger CSV', ...exportRates.generalLedgerCsv },
]);
console.log(`SAF-T export at x${exportRates.safTOverGeneralLedger} the general ledger export's rate; ${exportRates.safT.valid ? 'valid' : `INVALID: ${exportProblem}`} against the v1.30 schema (xmllint, ${exportRates.safT.validateSeconds} s); peak ${exportRates.safT.peakRssMb} MB resident: ${exportRates.safT.peakRssMb < MEMORY_TARGET_MB && exportRates.safT.lines >= EXPORT_LINES ? 'met' : 'missed'}`);

saveResults({ safT: { measuredAt: new Date().toISOString(), load: loadavg().map((l) => Number(l.toFixed(2))), imports: importRates, exports: exportRates } });
rmSync(work, { recursive: true, force: true });
await stack.stop();
process.exit(0);
