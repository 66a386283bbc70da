import { loadavg } from 'node:os';
import type { BenchStack } from './local-stack.ts';
import { cpuMeter } from './companies/cpu-time.ts';
import { cents, USD_RATE, VARIED_YEARS, variedCentersCsv, variedChartCsv, variedJournals, variedJournalsCsv, variedOpening, type VariedJournal } from './varied-books.ts';

/** What bench/imports.ts hands in: sending an import and running the worker, inside a profile. */
export interface ImportRunner {
  booksCompany(name: string): Promise<{ companyId: string; base: string }>;
  runImport(books: { companyId: string; base: string }, body: Record<string, unknown>): Promise<{ job: any; seconds: number }>;
  profile<T>(work: () => Promise<T>, journals: number): Promise<{ result: T; breakdown: unknown[] }>;
}

/**
 * The varied books (bench/varied-books.ts): BENCH_VARIED_JOURNALS (default 3,000) journals
 * imported as two files (the posted ones with `post: true`, then the drafts) into a company with
 * the chart, cost centers, both years and the 2025 opening balances; beside it, in a second
 * company set up alike, BENCH_VARIED_SAMPLE (default 100) of the same journals (every n-th)
 * created, and the posted ones posted, one request at a time, half before the import and half
 * after. Answers lines per second of each, their ratio, the worker's profile (DynamoDB calls,
 * items and write units per step) with the CPU of this process and of DynamoDB Local, and the
 * trial balance of each year against the file's sums.
 */
export async function measureVariedBooks(stack: BenchStack, runner: ImportRunner) {
  const count = Number(process.env.BENCH_VARIED_JOURNALS ?? 3_000);
  const sampleSize = Math.min(count, Number(process.env.BENCH_VARIED_SAMPLE ?? 100));
  const all = [...variedJournals(count, 23)];
  const every = Math.max(1, Math.floor(count / sampleSize));
  const sampleJournals = all.filter((_, i) => i % every === 0).slice(0, sampleSize);
  const opening = variedOpening();

  async function setUp(name: string) {
    const books = await runner.booksCompany(name);
    await runner.runImport(books, { kind: 'accounts', format: 'csv', data: variedChartCsv });
    await runner.runImport(books, { kind: 'costCenters', format: 'csv', data: variedCentersCsv });
    const years = [];
    for (const year of VARIED_YEARS) years.push(await stack.ok('POST', `${books.base}/FinancialYears`, year));
    const openingJob = await runner.runImport(books, { kind: 'openingBalances', format: 'csv', financialYearId: years[0].id, data: opening.csv });
    if (openingJob.job.status !== 'succeeded') throw new Error(`opening balances: ${JSON.stringify(openingJob.job)}`);
    return { ...books, years };
  }

  // The per-request company: ids by path, then half the sample.
  const requests = await setUp('Varied Requests Co');
  const ids = new Map<string, string>();
  for (const resource of ['Accounts', 'CostCenters']) {
    for (let page: string | null = null, first = true; first || page; first = false) {
      const r = await stack.ok('GET', `${requests.base}/${resource}?pageSize=100${page ? `&page=${encodeURIComponent(page)}` : ''}`);
      for (const node of r.results as Array<{ id: string; path: string }>) ids.set(node.path, node.id);
      page = r.nextPage;
    }
  }
  let requestSeconds = 0;
  async function perRequest(batch: VariedJournal[]) {
    const started = performance.now();
    for (const journal of batch) {
      const entries = journal.lines.map((l) => ({
        accountId: ids.get(l.accountPath)!,
        side: l.side,
        amount: cents(l.usd ?? l.base),
        ...(l.costCenterPath ? { costCenterId: ids.get(l.costCenterPath)! } : {}),
        ...(l.usd ? { currency: 'USD', exchangeRate: USD_RATE } : {}),
      }));
      const draft = await stack.ok('POST', `${requests.base}/Journals`, { date: `${journal.day}T00:00:00Z`, reference: journal.reference, entries });
      if (journal.posted) await stack.ok('POST', `${requests.base}/Journals/${draft.id}/Post`, { postingDate: journal.day, version: draft.version });
    }
    requestSeconds += (performance.now() - started) / 1000;
  }
  const half = Math.ceil(sampleJournals.length / 2);
  await perRequest(sampleJournals.slice(0, half));

  // The import: posted journals, then the drafts, timed and profiled together.
  const target = await setUp('Varied Imports Co');
  const posted = all.filter((j) => j.posted);
  const drafts = all.filter((j) => !j.posted);
  const files = { posted: variedJournalsCsv(posted), drafts: variedJournalsCsv(drafts) };
  const cpu = cpuMeter(stack.dynamo.pid ? { dynamo: stack.dynamo.pid } : {}).begin();
  const loadBefore = loadavg()[0]!;
  const { result: jobs, breakdown } = await runner.profile(async () => {
    const postedJob = await runner.runImport(target, { kind: 'journals', format: 'csv', post: true, data: files.posted });
    const draftJob = await runner.runImport(target, { kind: 'journals', format: 'csv', post: false, data: files.drafts });
    return { postedJob, draftJob };
  }, count);
  const cpuSeconds = cpu();
  const importSeconds = jobs.postedJob.seconds + jobs.draftJob.seconds;
  await perRequest(sampleJournals.slice(half));

  const lines = all.reduce((n, j) => n + j.lines.length, 0);
  const sampleLines = sampleJournals.reduce((n, j) => n + j.lines.length, 0);
  const importLinesPerSecond = lines / importSeconds;
  const requestLinesPerSecond = sampleLines / requestSeconds;
  const ratio = importLinesPerSecond / requestLinesPerSecond;

  // Each year's trial balance against the sums of the journals posted in it (and 2025's opening balances).
  const mismatches: string[] = [];
  for (const [y, year] of target.years.entries()) {
    const sums = new Map<string, { debit: bigint; credit: bigint }>();
    const add = (l: { accountPath: string; side: number; base: bigint }) => {
      const sum = sums.get(l.accountPath) ?? { debit: 0n, credit: 0n };
      if (l.side === 1) sum.debit += l.base;
      else sum.credit += l.base;
      sums.set(l.accountPath, sum);
    };
    if (y === 0) opening.lines.forEach(add);
    for (const j of posted) if (j.day >= year.startDate && j.day <= year.endDate) j.lines.forEach(add);
    const trial = await stack.ok('GET', `${target.base}/Reports/TrialBalance?dateFrom=${year.startDate}&dateTo=${year.endDate}`);
    const byPath = new Map<string, { debit: string; credit: string }>((trial.rows as Array<{ path: string; movement: { debit: string; credit: string } }>).map((r) => [r.path, r.movement]));
    for (const [path, s] of sums) if (byPath.get(path)?.debit !== cents(s.debit) || byPath.get(path)?.credit !== cents(s.credit)) mismatches.push(`${year.startDate.slice(0, 4)} ${path}`);
  }

  const largest = Math.max(...all.map((j) => j.lines.length));
  return {
    measuredAt: new Date().toISOString(),
    load: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0]!.toFixed(2)) },
    books: {
      journals: count,
      posted: posted.length,
      drafts: drafts.length,
      lines,
      largestJournal: largest,
      journalsOver12Lines: all.filter((j) => j.lines.length > 12).length,
      linesWithCostCenter: all.reduce((n, j) => n + j.lines.filter((l) => l.costCenterPath).length, 0),
      foreignLines: all.reduce((n, j) => n + j.lines.filter((l) => l.usd).length, 0),
      fileBytes: Buffer.byteLength(files.posted) + Buffer.byteLength(files.drafts),
    },
    import: {
      status: [jobs.postedJob.job.status, jobs.draftJob.job.status],
      seconds: Number(importSeconds.toFixed(1)),
      postedSeconds: Number(jobs.postedJob.seconds.toFixed(1)),
      draftSeconds: Number(jobs.draftJob.seconds.toFixed(1)),
      linesPerSecond: Math.round(importLinesPerSecond),
      cpuSeconds: Object.fromEntries(Object.entries(cpuSeconds).map(([k, v]) => [k, Number(v.toFixed(1))])),
    },
    perRequest: { journals: sampleJournals.length, lines: sampleLines, seconds: Number(requestSeconds.toFixed(1)), linesPerSecond: Math.round(requestLinesPerSecond) },
    ratio: Number(ratio.toFixed(1)),
    trialBalance: { years: target.years.length, mismatches: mismatches.length, firstMismatches: mismatches.slice(0, 5) },
    profile: breakdown,
  };
}
