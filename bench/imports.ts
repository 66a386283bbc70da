import { loadavg } from 'node:os';
import { importProfiler } from './import-profile.ts';
import { measureVariedBooks } from './imports-varied.ts';
import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';
import { seededRandom } from './seeded-random.ts';
import { CHART_ROOTS } from './varied-books.ts';

/**
 * Bulk imports against the per-request path. One company: a 300-account chart imported from CSV
 * (60 leaves under each of five roots), the year 2026, then BENCH_IMPORT_JOURNALS (default
 * 10,000) journals of 10 lines each (100,000 lines), posted, imported as one CSV file: the job
 * is sent over HTTP and run by the import worker in this process, as `npm start` runs it.
 * Beside it, in a second company with the same chart, BENCH_SAMPLE_JOURNALS (default 40) of the
 * same journals created and posted one request at a time (create, then post), half before the
 * import and half after it, so a change in the machine's load weighs on both alike.
 * Prints lines per second of each and their ratio (target: the import at least x10), and
 * checks that the trial balance equals the file's sums, account by account. Adds `bulkImports`
 * to bench/results.json.
 *
 * Before it, one-reference dry runs: files of BENCH_DRY_RUN_ROWS (default 10,000, 25,000, 50,000
 * and 100,000) rows that all share one reference, a journal far over the 1,000-line limit,
 * each sent as a dry run and checked by the worker in this process (beside the gateway, as with
 * `npm start`), while another company reads its accounts in a loop. Prints the seconds from
 * sending to the job's end and, of them, the request's (target: refused in under 5 s, growing
 * no faster than the rows), the slowest of the other company's reads meanwhile, and the same
 * file's CSV reading and check (planJournalImport) timed alone. Adds `importDryRuns`.
 *
 * Then varied books (bench/imports-varied.ts: journals of 2 to 1,000 lines, cost centers,
 * foreign lines, two years, drafts and posted; BENCH_VARIED_JOURNALS, BENCH_VARIED_SAMPLE)
 * against the per-request path in the same run. Both the uniform and the varied imports are
 * profiled (bench/import-profile.ts: DynamoDB calls, items and write units per step) and
 * recorded with the machine's load: `bulkImports` and `variedImports`.
 * BENCH_IMPORTS picks what runs: dryRuns, uniform, varied, or books (uniform and varied);
 * all of it by default. A quick run: BENCH_IMPORTS=books BENCH_IMPORT_JOURNALS=1000
 * BENCH_VARIED_JOURNALS=600 BENCH_VARIED_SAMPLE=40.
 */
const JOURNALS = Number(process.env.BENCH_IMPORT_JOURNALS ?? 10_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE_JOURNALS ?? 40);
const LINES_PER_JOURNAL = 10;
const LEAVES_PER_ROOT = 60;

const stack = await startBenchStack();
const { runImports } = await import('../functions/ops/run-imports.ts');
const { importWork } = await import('../shared/db/stores/import-work.ts');
const { readRows } = await import('../shared/imports/read-rows.ts');
const { planJournalImport } = await import('../shared/imports/journal-import.ts');
const { db } = await import('../shared/db/table/client.ts');
const { JobSteps } = await import('../shared/imports/job-steps.ts');
const { processCpuSeconds } = await import('./companies/cpu-time.ts');
const profiler = importProfiler(db(), JobSteps, () => (stack.dynamo.pid ? processCpuSeconds(stack.dynamo.pid) : 0));
const RUN = process.env.BENCH_IMPORTS ?? 'all';
const runs = (part: 'dryRuns' | 'uniform' | 'varied') => RUN === 'all' || RUN === part || (RUN === 'books' && part !== 'dryRuns');

const cents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

const chartCsv = [
  'code,parentPath,type,classification,nameArabic,nameEnglish',
  ...CHART_ROOTS.flatMap(([code, classification]) => [
    `${code},,category,${classification},${code},Root ${code}`,
    ...Array.from({ length: LEAVES_PER_ROOT }, (_, i) => `${code}${String(i).padStart(3, '0')},${code},leaf,,${code}${i},Leaf ${code}${i}`),
  ]),
].join('\r\n');
const leaves = CHART_ROOTS.flatMap(([code]) => Array.from({ length: LEAVES_PER_ROOT }, (_, i) => `${code}.${code}${String(i).padStart(3, '0')}`));

/** Journals of 10 lines on distinct leaves (five debits, five credits of the same total) spread over 2026. */
function* journals(count: number, seed: number) {
  const next = seededRandom(seed);
  for (let j = 0; j < count; j++) {
    const day = new Date(Date.UTC(2026, 0, 1 + Math.floor(next() * 365))).toISOString().slice(0, 10);
    const accounts = new Set<string>();
    while (accounts.size < LINES_PER_JOURNAL) accounts.add(leaves[Math.floor(next() * leaves.length)]!);
    const [d1, d2, d3, d4, d5, c1, c2, c3, c4, c5] = [...accounts];
    const debits = Array.from({ length: 5 }, () => BigInt(Math.floor(next() * 500_000) + 100));
    const total = debits.reduce((s, v) => s + v, 0n);
    const credits = [total / 5n, total / 5n, total / 5n, total / 5n];
    credits.push(total - credits.reduce((s, v) => s + v, 0n));
    yield {
      reference: `HIST-${String(j).padStart(6, '0')}`,
      day,
      lines: [
        ...[d1, d2, d3, d4, d5].map((accountPath, i) => ({ accountPath: accountPath!, side: 1, amount: debits[i]! })),
        ...[c1, c2, c3, c4, c5].map((accountPath, i) => ({ accountPath: accountPath!, side: 2, amount: credits[i]! })),
      ],
    };
  }
}

async function booksCompany(name: string) {
  const company = await stack.ok('POST', '/api/v1/Companies', { name, baseCurrency: 'SAR' });
  const base = `/api/v1/Companies/${company.id}`;
  return { companyId: company.id as string, base };
}

/** Sends an import and runs the worker until it ends; answers the job and the seconds from sending to its end. */
async function runImport(books: { companyId: string; base: string }, body: Record<string, unknown>) {
  const started = performance.now();
  const job = await stack.ok('POST', `${books.base}/Imports`, body);
  await runImports({ companyId: books.companyId });
  const ended = await stack.ok('GET', `${books.base}/Imports/${job.id}`);
  return { job: ended, seconds: (performance.now() - started) / 1000 };
}

if (runs('dryRuns')) {
  // One-reference dry runs, and another company's reads while they are checked.
  const DRY_RUN_ROWS = (process.env.BENCH_DRY_RUN_ROWS ?? '10000,25000,50000,100000').split(',').map(Number);
  const dryRunBooks = await booksCompany('Dry Runs Co');
  await runImport(dryRunBooks, { kind: 'accounts', format: 'csv', data: chartCsv });
  await stack.ok('POST', `${dryRunBooks.base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const reader = await booksCompany('Reader Co');
  await runImport(reader, { kind: 'accounts', format: 'csv', data: chartCsv });
  const dryRuns: Array<{ rows: number; fileBytes: number; status: string; invalid: number; errors: number; acceptSeconds: number; readSeconds: number; checkSeconds: number; seconds: number; secondsPer10kRows: number; otherReads: number; slowestOtherReadMs: number }> = [];
  for (const count of DRY_RUN_ROWS) {
    const file = ['reference,date,accountPath,side,amount', ...Array.from({ length: count }, (_, i) => `ONE,2026-05-01,${leaves[i % leaves.length]},${1 + (i % 2)},10.00`)].join('\r\n');
    let reading = true;
    const readTimes: number[] = [];
    const reads = (async () => {
      while (reading) {
        const started = performance.now();
        await stack.ok('GET', `${reader.base}/Accounts?pageSize=20`);
        readTimes.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    const sent = await stack.ok('POST', `${dryRunBooks.base}/Imports`, { kind: 'journals', format: 'csv', mode: 'perItem', post: true, dryRun: true, data: file });
    const accepted = performance.now();
    await runImports({ companyId: dryRunBooks.companyId });
    const job = await stack.ok('GET', `${dryRunBooks.base}/Imports/${sent.id}`);
    const seconds = (performance.now() - started) / 1000;
    reading = false;
    await reads;
    // The same file's reading and check alone, as the worker does them (the books read once, then every row checked).
    const readStarted = performance.now();
    const read = await readRows('journals', 'csv', file);
    const checkStarted = performance.now();
    await planJournalImport(importWork, { ...job, id: crypto.randomUUID() }, dryRunBooks.companyId, read.rows, read.errors);
    const checkEnded = performance.now();
    dryRuns.push({
      rows: count,
      fileBytes: Buffer.byteLength(file),
      status: job.status,
      invalid: job.counts.invalid,
      errors: job.errorCount,
      acceptSeconds: Number(((accepted - started) / 1000).toFixed(2)),
      readSeconds: Number(((checkStarted - readStarted) / 1000).toFixed(2)),
      checkSeconds: Number(((checkEnded - checkStarted) / 1000).toFixed(3)),
      seconds: Number(seconds.toFixed(2)),
      secondsPer10kRows: Number(((seconds * 10_000) / count).toFixed(3)),
      otherReads: readTimes.length,
      slowestOtherReadMs: Math.round(Math.max(0, ...readTimes)),
    });
  }
  console.table(dryRuns);
  const dryRunVerdicts = dryRuns.map((d) => `${d.rows} one-reference rows: ${d.status}, ${d.invalid} invalid, in ${d.seconds} s (target < 5 s: ${d.seconds < 5 && d.status === 'failed' ? 'met' : 'missed'}); another company's slowest read meanwhile ${d.slowestOtherReadMs} ms of ${d.otherReads}`);
  for (const verdict of dryRunVerdicts) console.log(verdict);
  saveResults({ importDryRuns: { measuredAt: new Date().toISOString(), runs: dryRuns, verdicts: dryRunVerdicts } });
}

if (runs('uniform')) {
  // The per-request path's company, with the same chart.
  const sample = await booksCompany('Requests Co');
  await runImport(sample, { kind: 'accounts', format: 'csv', data: chartCsv });
  await stack.ok('POST', `${sample.base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const ids = new Map<string, string>();
  for (let page: string | null = null, first = true; first || page; first = false) {
    const r = await stack.ok('GET', `${sample.base}/Accounts?pageSize=100${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    for (const a of r.results as Array<{ id: string; path: string }>) ids.set(a.path, a.id);
    page = r.nextPage;
  }
  const sampleJournals = [...journals(SAMPLE, 7)];
  let sampleSeconds = 0;
  /** Creates and posts journals one request at a time (half before the import, half after: the machine's load changes). */
  async function perRequest(batch: typeof sampleJournals) {
    const started = performance.now();
    for (const journal of batch) {
      const entries = journal.lines.map((l) => ({ accountId: ids.get(l.accountPath)!, side: l.side, amount: cents(l.amount) }));
      const draft = await stack.ok('POST', `${sample.base}/Journals`, { date: `${journal.day}T00:00:00Z`, reference: journal.reference, entries });
      await stack.ok('POST', `${sample.base}/Journals/${draft.id}/Post`, { postingDate: journal.day, version: draft.version });
    }
    sampleSeconds += (performance.now() - started) / 1000;
  }
  await perRequest(sampleJournals.slice(0, SAMPLE / 2));

  // The import.
  const target = await booksCompany('Imports Co');
  const chart = await runImport(target, { kind: 'accounts', format: 'csv', data: chartCsv });
  await stack.ok('POST', `${target.base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const sums = new Map<string, { debit: bigint; credit: bigint }>();
  const rows = ['reference,date,accountPath,side,amount'];
  for (const journal of journals(JOURNALS, 7)) {
    for (const line of journal.lines) {
      rows.push(`${journal.reference},${journal.day},${line.accountPath},${line.side},${cents(line.amount)}`);
      const sum = sums.get(line.accountPath) ?? { debit: 0n, credit: 0n };
      if (line.side === 1) sum.debit += line.amount;
      else sum.credit += line.amount;
      sums.set(line.accountPath, sum);
    }
  }
  const file = `${rows.join('\r\n')}\r\n`;
  const loadBefore = loadavg()[0]!;
  const { result: history, breakdown: profile } = await profiler.profile(() => runImport(target, { kind: 'journals', format: 'csv', post: true, data: file }), JOURNALS);
  const lines = JOURNALS * LINES_PER_JOURNAL;
  const importLinesPerSecond = lines / history.seconds;

  await perRequest(sampleJournals.slice(SAMPLE / 2));
  const requestLinesPerSecond = (SAMPLE * LINES_PER_JOURNAL) / sampleSeconds;
  const ratio = importLinesPerSecond / requestLinesPerSecond;

  // The trial balance against the file's sums, account by account.
  const trial = await stack.ok('GET', `${target.base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`);
  const byPath = new Map<string, { debit: string; credit: string }>((trial.rows as Array<{ path: string; movement: { debit: string; credit: string } }>).map((r) => [r.path, r.movement]));
  const mismatches = [...sums].filter(([path, s]) => byPath.get(path)?.debit !== cents(s.debit) || byPath.get(path)?.credit !== cents(s.credit));
  const fileTotal = [...sums.values()].reduce((t, s) => t + s.debit, 0n);

  const result = {
    measuredAt: new Date().toISOString(),
    load: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0]!.toFixed(2)) },
    chart: { accounts: chart.job.counts.written, seconds: Number(chart.seconds.toFixed(2)) },
    import: { journals: JOURNALS, lines, fileBytes: Buffer.byteLength(file), storedBytes: history.job.payload.storedBytes, status: history.job.status, seconds: Number(history.seconds.toFixed(1)), linesPerSecond: Math.round(importLinesPerSecond) },
    perRequest: { journals: SAMPLE, lines: SAMPLE * LINES_PER_JOURNAL, seconds: Number(sampleSeconds.toFixed(1)), linesPerSecond: Math.round(requestLinesPerSecond) },
    ratio: Number(ratio.toFixed(1)),
    trialBalance: { movementDebit: trial.totals.movement.debit, fileDebit: cents(fileTotal), accountsChecked: sums.size, mismatches: mismatches.length },
  };
  console.table([
    { path: 'import (one job)', journals: JOURNALS, lines, seconds: result.import.seconds, linesPerSecond: result.import.linesPerSecond },
    { path: 'create + post per request (sample)', journals: SAMPLE, lines: SAMPLE * LINES_PER_JOURNAL, seconds: result.perRequest.seconds, linesPerSecond: result.perRequest.linesPerSecond },
  ]);
  const verdicts = [
    `import: ${result.import.status}, ${lines} lines in ${result.import.seconds} s (file ${(result.import.fileBytes / 1e6).toFixed(1)} MB, stored ${(result.import.storedBytes / 1e6).toFixed(2)} MB)`,
    `speed: the import x${result.ratio} the per-request path (target >= x10): ${ratio >= 10 ? 'met' : 'missed'}`,
    `trial balance: movement ${trial.totals.movement.debit} against the file's ${cents(fileTotal)}, ${sums.size} accounts checked, ${mismatches.length} differing: ${mismatches.length === 0 && trial.totals.movement.debit === cents(fileTotal) ? 'equal' : 'DIFFERENT'}`,
  ];
  for (const verdict of verdicts) console.log(verdict);
  console.table(profile);
  saveResults({ bulkImports: { ...result, verdicts, profile } });
}

if (runs('varied')) {
  const varied = await measureVariedBooks(stack, { booksCompany, runImport, profile: (work, journals) => profiler.profile(work, journals) });
  console.table(varied.profile);
  const verdicts = [
    `varied import: ${varied.import.status.join(' and ')}, ${varied.books.lines} lines of ${varied.books.journals} journals in ${varied.import.seconds} s (load ${varied.load.before} to ${varied.load.after})`,
    `varied speed: the import ${varied.import.linesPerSecond} lines/s, per request ${varied.perRequest.linesPerSecond} lines/s: x${varied.ratio} (target >= x10): ${varied.ratio >= 10 ? 'met' : 'missed'}`,
    `varied trial balances: ${varied.trialBalance.mismatches === 0 ? 'equal to the files' : `DIFFERENT on ${varied.trialBalance.mismatches} accounts`}`,
  ];
  for (const verdict of verdicts) console.log(verdict);
  saveResults({ variedImports: { ...varied, verdicts } });
}
await stack.stop();
