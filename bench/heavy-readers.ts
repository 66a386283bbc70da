import { randomUUID } from 'node:crypto';
import { config } from '../shared/config.ts';
import type { BenchStack } from './local-stack.ts';
import { percentile } from './percentile.ts';
import { smallCompany } from './small-company.ts';
import { exportConfig } from '../shared/export-config.ts';

/**
 * Heavy readers of one large company at once, beside another company's reads (docs/decisions.md,
 * Audit, "Verify in pages", and Reports, "Export jobs"): 4 Verify clients (two with the user's
 * token, two with `audit:read` API keys), each following `nextPage` to the end, and 4 export
 * clients each taking the year's file (journal list as CSV and as XLSX, the busiest account's
 * general ledger as CSV and as XLSX) as an export job: `POST .../Exports`, the job read every
 * second until it is available, the file downloaded through its link; the export worker runs
 * beside the gateway, as its function does in AWS, writing into the local object storage.
 * BENCH_HEAVY_EXPORTS=requests has the export clients take the files from the routes instead (the
 * synchronous path), in as many files as the export limits make it, following the narrower
 * `dateTo` each 413 names, as a client would. A client refused with 429 (the company's Verify
 * runs or export files at once) or 503 waits Retry-After and asks again. Meanwhile another
 * company's client reads its journals every 50 ms; its p99 alone (BENCH_HEAVY_IDLE_SECONDS,
 * default 10) comes first. Requests run as Lambda runs them, each in its own execution environment
 * (LOCAL_ISOLATION=environments, which this file sets), all sharing this machine's cores and one
 * DynamoDB Local.
 * Targets: no 503; the other company's p99 during the run within 2x of its p99 alone.
 */
const IDLE_SECONDS = Number(process.env.BENCH_HEAVY_IDLE_SECONDS ?? 10);
const EXPORT_MODE = process.env.BENCH_HEAVY_EXPORTS === 'requests' ? 'requests' : 'jobs';
/** Verify clients beside the export clients (BENCH_HEAVY_VERIFY_CLIENTS, 0 to 4, default 4): 0 measures the export clients alone. */
const VERIFY_CLIENTS = Math.min(4, Math.max(0, Number(process.env.BENCH_HEAVY_VERIFY_CLIENTS ?? 4)));

type Timed = { ms: number; status: number };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const retryAfterMs = (headers: Headers) => Number(headers.get('retry-after') ?? 1) * 1000;

/** Follows `nextPage` from a first Verify to the end; every request's time and status. */
export async function verifyToTheEnd(stack: BenchStack, base: string, headers: Record<string, string> = {}) {
  const requests: Timed[] = [];
  let page: string | null = null;
  for (;;) {
    const t = performance.now();
    const r = await stack.call('GET', `${base}/Audit/Verify${page ? `?page=${encodeURIComponent(page)}` : ''}`, undefined, headers);
    requests.push({ ms: performance.now() - t, status: r.status });
    if (r.status === 429 || r.status === 503) {
      await sleep(retryAfterMs(r.headers));
      continue;
    }
    if (r.status !== 200) throw new Error(`Verify: ${r.status} ${r.text}`);
    page = r.body.nextPage;
    if (!page) return { requests, answer: r.body as { verified: boolean; checked: number; reason: string | null } };
  }
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The year's file of `path` (a report or list taking dateFrom/dateTo), in as many files as the limits make it. */
async function exportTheYear(stack: BenchStack, path: string, format: 'csv' | 'xlsx') {
  const requests: Timed[] = [];
  let files = 0;
  let bytes = 0;
  for (let from = '2026-01-01'; from <= '2026-12-31'; ) {
    let to = '2026-12-31';
    for (;;) {
      const separator = path.includes('?') ? '&' : '?';
      const t = performance.now();
      const r = await stack.call('GET', `${path}${separator}dateFrom=${from}&dateTo=${to}&format=${format}`);
      requests.push({ ms: performance.now() - t, status: r.status });
      if (r.status === 429 || r.status === 503) {
        await sleep(retryAfterMs(r.headers));
        continue;
      }
      if (r.status === 413) {
        const narrower = /dateTo (\d{4}-\d{2}-\d{2}) or earlier/.exec(r.body?.errors?.[0]?.reason ?? '')?.[1];
        if (!narrower || narrower < from) throw new Error(`export ${path}: 413 without a range that fits: ${r.text}`);
        to = narrower;
        continue;
      }
      if (r.status !== 200) throw new Error(`export ${path}: ${r.status} ${r.text}`);
      files++;
      bytes += r.bytes;
      break;
    }
    from = nextDay(to);
  }
  return { requests, files, bytes };
}

/**
 * The year's file of an exportable route as an export job: created (429 and 503 waited out),
 * read every second until available, and downloaded through its link. Every request's time and
 * status, the file's size and rows, and how long it took to be available.
 */
async function exportJob(stack: BenchStack, base: string, route: string, parameters: Record<string, string>, format: 'csv' | 'xlsx') {
  const requests: Timed[] = [];
  const timed = async (method: string, path: string, body?: unknown) => {
    const t = performance.now();
    const r = await stack.call(method, path, body);
    requests.push({ ms: performance.now() - t, status: r.status });
    return r;
  };
  const started = performance.now();
  let created;
  for (;;) {
    created = await timed('POST', `${base}/Exports`, { route, format, parameters: { ...parameters, dateFrom: '2026-01-01', dateTo: '2026-12-31' } });
    if (created.status === 429 || created.status === 503) {
      await sleep(retryAfterMs(created.headers));
      continue;
    }
    if (created.status !== 202) throw new Error(`export job ${route}: ${created.status} ${created.text}`);
    break;
  }
  for (;;) {
    await sleep(1000);
    const r = await timed('GET', `${base}/Exports/${created.body.id}`);
    if (r.status === 429 || r.status === 503) continue;
    if (r.status !== 200) throw new Error(`export job ${route}: ${r.status} ${r.text}`);
    if (r.body.status === 'failed') throw new Error(`export job ${route} failed: ${r.body.reason}`);
    if (r.body.status !== 'available') continue;
    const availableSeconds = (performance.now() - started) / 1000;
    const file = await fetch(r.body.downloadUrl);
    const bytes = (await file.arrayBuffer()).byteLength;
    if (file.status !== 200 || bytes !== r.body.bytes) throw new Error(`export job ${route}: the download answered ${file.status}, ${bytes} bytes of ${r.body.bytes}`);
    return { requests, files: 1, bytes, lines: r.body.lines as number, availableSeconds };
  }
}

/** The other company's GET, timed, until `running()` says stop (at least one); `at`, when each began. */
async function neighbourReads(stack: BenchStack, base: string, running: () => boolean): Promise<Array<{ at: number; ms: number }>> {
  const reads: Array<{ at: number; ms: number }> = [];
  do {
    const t = performance.now();
    await stack.ok('GET', `${base}/Journals?pageSize=20`);
    reads.push({ at: t, ms: performance.now() - t });
    await sleep(50);
  } while (running());
  return reads;
}

const round = (ms: number) => Math.round(ms);
const summary = (requests: Timed[]) => {
  const answered = requests.filter((r) => r.status === 200).map((r) => r.ms);
  return {
    requests: requests.length,
    answered200: answered.length,
    refused429: requests.filter((r) => r.status === 429).length,
    refused413: requests.filter((r) => r.status === 413).length,
    unavailable503: requests.filter((r) => r.status === 503).length,
    p50Ms: round(percentile(answered, 50)),
    p99Ms: round(percentile(answered, 99)),
    maxMs: round(Math.max(...answered)),
  };
};

/** `company`: the large company (its base path, its busiest account) and the events it holds. */
export async function benchHeavyReaders(stack: BenchStack, company: { base: string; busyAccountId: string; events: number; lines: number }) {
  const { base } = company;
  const neighbour = await smallCompany(stack, 'Neighbour Co');
  const [cash, sales] = neighbour.accounts as [string, string];
  for (let i = 0; i < 20; i++) {
    const created = await stack.ok('POST', `${neighbour.base}/Journals`, { date: '2026-03-02T10:00:00Z', entries: [{ accountId: cash, side: 1, amount: 5 }, { accountId: sales, side: 2, amount: 5 }] });
    await stack.ok('POST', `${neighbour.base}/Journals/${created.id}/Post`, { postingDate: '2026-03-02', version: created.version });
  }
  const keys = await Promise.all([1, 2].map(async (n) => (await stack.ok('POST', `${base}/ApiKeys`, { name: `auditor ${n} ${randomUUID()}`, permissions: ['audit:read'] })).key as string));
  const credentials: Array<Record<string, string>> = [{}, {}, ...keys.map((key) => ({ authorization: `Bearer ${key}` }))];
  const exports: Array<{ route: string; path: string; parameters: Record<string, string>; format: 'csv' | 'xlsx' }> = [
    { route: 'journals.list', path: `${base}/Journals`, parameters: {}, format: 'csv' as const },
    { route: 'journals.list', path: `${base}/Journals`, parameters: {}, format: 'xlsx' as const },
    { route: 'reports.generalLedger', path: `${base}/Reports/GeneralLedger?accountId=${company.busyAccountId}`, parameters: { accountId: company.busyAccountId }, format: 'csv' as const },
    { route: 'reports.generalLedger', path: `${base}/Reports/GeneralLedger?accountId=${company.busyAccountId}`, parameters: { accountId: company.busyAccountId }, format: 'xlsx' as const },
  ];
  const exportOnce = (e: (typeof exports)[number]): Promise<{ requests: Timed[]; files: number; bytes: number; lines?: number; availableSeconds?: number }> => (EXPORT_MODE === 'jobs' ? exportJob(stack, base, e.route, e.parameters, e.format) : exportTheYear(stack, e.path, e.format));

  const idleUntil = performance.now() + IDLE_SECONDS * 1000;
  const idle = (await neighbourReads(stack, neighbour.base, () => performance.now() < idleUntil)).map((r) => r.ms);

  let running = true;
  const started = performance.now();
  const seconds = () => Number(((performance.now() - started) / 1000).toFixed(1));
  const busy = neighbourReads(stack, neighbour.base, () => running);
  const [verifies, files] = await Promise.all([
    Promise.all(credentials.slice(0, VERIFY_CLIENTS).map(async (headers) => ({ ...(await verifyToTheEnd(stack, base, headers)), seconds: seconds() }))),
    Promise.all(exports.map(async (e) => ({ ...(await exportOnce(e)), seconds: seconds() }))),
  ]);
  running = false;
  const reads = await busy;
  const during = reads.map((r) => r.ms);
  // The neighbour's reads while the export clients were under way, and after (Verify alone).
  const exportsEnded = started + Math.max(...files.map((r) => r.seconds)) * 1000;
  const whileExporting = reads.filter((r) => r.at <= exportsEnded).map((r) => r.ms);
  const afterExports = reads.filter((r) => r.at > exportsEnded).map((r) => r.ms);

  const idleP99 = percentile(idle, 99);
  const busyP99 = percentile(during, 99);
  const result = {
    events: company.events,
    lines: company.lines,
    verifyClients: verifies.length,
    exportClients: files.length,
    // The read budget of each bulk request (BULK_READ_ITEMS_PER_SECOND; 0: not held), read where the gateway runs: this process's environment.
    bulkReadItemsPerSecond: config.bulkReadItemsPerSecond,
    // Verify's own read budget (VERIFY_READ_ITEMS_PER_SECOND) and the company's Verify runs at once (VERIFY_RUNS_PER_COMPANY).
    verifyReadItemsPerSecond: config.verifyReadItemsPerSecond,
    verifyRunsPerCompany: config.verifyRunsPerCompany,
    // How the export clients take their files: as export jobs (read at EXPORT_JOB_READ_ITEMS_PER_SECOND by the worker), or from the routes.
    exportMode: EXPORT_MODE,
    exportJobReadItemsPerSecond: exportConfig.exportJobReadItemsPerSecond,
    exportMaxLines: exportConfig.exportMaxLines ?? null,
    verify: { ...summary(verifies.flatMap((r) => r.requests)), slowestRunSeconds: Math.max(...verifies.map((r) => r.seconds)), allVerified: verifies.every((r) => r.answer.verified && r.answer.checked >= company.events) },
    exports: {
      ...summary(files.flatMap((r) => r.requests)),
      files: files.reduce((n, r) => n + r.files, 0),
      megabytes: Number((files.reduce((n, r) => n + r.bytes, 0) / 2 ** 20).toFixed(1)),
      slowestClientSeconds: Math.max(...files.map((r) => r.seconds)),
      // Export jobs: each file's rows and seconds from its POST until it was available.
      ...(EXPORT_MODE === 'jobs' ? { jobs: files.map((r) => ({ lines: r.lines, availableSeconds: Number(r.availableSeconds?.toFixed(1)) })) } : {}),
    },
    neighbour: {
      idleP99Ms: round(idleP99),
      busyP99Ms: round(busyP99),
      busyMaxMs: round(Math.max(...during)),
      busyReads: during.length,
      busyOverIdle: Number((busyP99 / idleP99).toFixed(2)),
      whileExportingP99Ms: round(percentile(whileExporting, 99)),
      whileExportingReads: whileExporting.length,
      afterExportsP99Ms: afterExports.length > 0 ? round(percentile(afterExports, 99)) : null,
      afterExportsReads: afterExports.length,
    },
  };
  const unavailable = result.verify.unavailable503 + result.exports.unavailable503;
  console.table([{ ...result.verify, kind: 'verify' }, { ...result.exports, kind: 'exports' }]);
  console.table([result.neighbour]);
  console.log(
    `${verifies.length} Verify and ${files.length} export clients of a ${company.lines}-line company at once: ${unavailable} answered 503 (target 0: ${unavailable === 0 ? 'met' : 'missed'}); ` +
      `another company's GET p99 ${result.neighbour.idleP99Ms} ms alone, ${result.neighbour.busyP99Ms} ms during (x${result.neighbour.busyOverIdle}; target at most x2: ${result.neighbour.busyOverIdle <= 2 ? 'met' : 'missed'})`,
  );
  return result;
}

// `tsx bench/heavy-readers.ts` (in `npm run bench`): its own stack (with the local object storage,
// and the export worker in a process of its own) and large company (BENCH_HEAVY_LINES, default 100,000 lines: as many
// events), its figures added to bench/results.json at the full size only (BENCH_HEAVY_SAVE=0: never).
if (process.argv[1]?.endsWith('heavy-readers.ts')) {
  const { startBenchStack } = await import('./local-stack.ts');
  const { saveResults } = await import('./results-file.ts');
  const { verifyCompany } = await import('./verify-company.ts');
  const lines = Number(process.env.BENCH_HEAVY_LINES ?? 100_000);
  process.env.LOCAL_ISOLATION ??= 'environments';
  const stack = await startBenchStack({ objectStorage: true });
  // The export worker in its own process, as its function is apart from the routes' in AWS (with the stack's environment),
  // niced: in AWS it has a CPU of its own, here it shares two cores with the gateway, so it takes what the gateway leaves.
  const { spawn } = await import('node:child_process');
  const worker = spawn('nice', ['-n', '10', process.execPath, '--import', 'tsx', new URL('./export-worker-process.ts', import.meta.url).pathname], { env: process.env, stdio: 'inherit' });
  const loaded = await verifyCompany(stack, 'Heavy Readers Co', lines);
  const result = await benchHeavyReaders(stack, { base: loaded.books.base, busyAccountId: loaded.books.accounts[0]!, events: lines, lines });
  if (lines === 100_000 && process.env.BENCH_HEAVY_SAVE !== '0') saveResults({ heavyReaders: result });
  else console.log(JSON.stringify(result));
  await new Promise((resolve) => {
    worker.once('exit', resolve);
    worker.kill('SIGTERM');
  });
  await stack.stop();
}
