import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';

/**
 * Journal writes under concurrent clients. One company, one year, two hot accounts (cash and
 * sales). A client loops: create a two-line journal debiting cash and crediting sales (fresh
 * Idempotency-Key), then post it with the version the create answered. One client, then 16
 * clients, each for BENCH_WRITE_SECONDS (default 20), over HTTP through the local gateway.
 * Per phase: journals created and posted per second, p50 and p99 of create + post, answers other
 * than 200, and CPU per posting (this process, which runs the handlers, and DynamoDB Local's).
 * Then: cash's balance equals the sum of what was posted (no lost update), and serial numbers
 * are unique (every journal listed), with any gaps counted.
 * Targets: 16 clients at least x1.2 the one-client rate; p99 at most x3 p50; no 409.
 * Prints a table and adds `writes` to bench/results.json.
 */
const SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 20);
const CLIENTS = [1, 16];

const stack = await startBenchStack();
const company = await stack.ok('POST', '/api/v1/Companies', { name: 'Writes Co', baseCurrency: 'SAR' });
const base = `/api/v1/Companies/${company.id}`;
const account = async (code: string, classification: string) => {
  const root = await stack.ok('POST', `${base}/Accounts`, { code, name: { english: code, arabic: code }, type: 'category', classification });
  return (await stack.ok('POST', `${base}/Accounts`, { code: `${code}1`, name: { english: `${code}1`, arabic: `${code}1` }, type: 'leaf', parentId: root.id })).id as string;
};
const cash = await account('1', 'asset');
const sales = await account('4', 'revenue');
await stack.ok('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });

/** CPU seconds so far of this process and of DynamoDB Local (from /proc; clock ticks of 10 ms). */
function cpuSeconds() {
  const own = process.cpuUsage();
  const fields = readFileSync(`/proc/${stack.dynamo.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { service: (own.user + own.system) / 1e6, dynamo: (Number(fields[11]) + Number(fields[12])) / 100 };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;
let postedCents = 0n;

async function phase(clients: number) {
  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  const refuse = (what: string, status: number) => refusals.set(`${what} ${status}`, (refusals.get(`${what} ${status}`) ?? 0) + 1);
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let posted = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const cents = BigInt(1 + Math.floor(Math.random() * 100_000));
        const amount = Number(cents) / 100;
        const t = performance.now();
        const created = await stack.call('POST', `${base}/Journals`, { date: '2026-06-15T10:00:00Z', entries: [{ accountId: cash, side: 1, amount }, { accountId: sales, side: 2, amount }] }, { 'idempotency-key': randomUUID() });
        if (created.status !== 200) {
          refuse('create', created.status);
          continue;
        }
        const post = await stack.call('POST', `${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-06-15', version: created.body.version });
        if (post.status !== 200) {
          refuse('post', post.status);
          continue;
        }
        latencies.push(performance.now() - t);
        posted++;
        postedCents += cents;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds();
  return {
    clients,
    journalsPerSecond: Number((posted / seconds).toFixed(1)),
    p50Ms: Number(percentile(latencies, 50).toFixed(0)),
    p99Ms: Number(percentile(latencies, 99).toFixed(0)),
    refused: Object.fromEntries(refusals),
    cpuMsPerPosting: {
      service: Number((((cpuAfter.service - cpuBefore.service) * 1000) / Math.max(posted, 1)).toFixed(1)),
      dynamodbLocal: Number((((cpuAfter.dynamo - cpuBefore.dynamo) * 1000) / Math.max(posted, 1)).toFixed(1)),
    },
  };
}

const phases = [];
for (const clients of CLIENTS) phases.push(await phase(clients));
console.table(phases.map((p) => ({ ...p, refused: JSON.stringify(p.refused), cpuMsPerPosting: JSON.stringify(p.cpuMsPerPosting) })));

// No lost update: cash's movement equals what the clients saw posted.
const trial = await stack.ok('GET', `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`);
const cashRow = trial.rows.find((r: { accountId: string }) => r.accountId === cash);
const expected = `${postedCents / 100n}.${String(postedCents % 100n).padStart(2, '0')}`;
// Serial numbers: every journal listed once, none twice.
const serials: number[] = [];
for (let page: string | null = null, first = true; first || page; first = false) {
  const r = await stack.ok('GET', `${base}/Journals?pageSize=100&orderBy=SerialNumber&orderAsc=true${page ? `&page=${encodeURIComponent(page)}` : ''}`);
  serials.push(...r.results.map((j: { serialNumber: number }) => j.serialNumber));
  page = r.nextPage;
}
const unique = new Set(serials).size === serials.length;
const gaps = Math.max(...serials) - serials.length;

const [one, many] = phases as [(typeof phases)[number], (typeof phases)[number]];
const ratio = many.journalsPerSecond / one.journalsPerSecond;
const conflicts = phases.reduce((n, p) => n + Object.entries(p.refused).filter(([k]) => k.endsWith('409')).reduce((m, [, v]) => m + v, 0), 0);
const verdicts = [
  `scaling: ${many.clients} clients x${ratio.toFixed(2)} the rate of one (target >= x1.2): ${ratio >= 1.2 ? 'met' : 'missed'}`,
  `tail: p99 ${many.p99Ms} ms against p50 ${many.p50Ms} ms with ${many.clients} clients, x${(many.p99Ms / many.p50Ms).toFixed(2)} (target <= x3): ${many.p99Ms <= 3 * many.p50Ms ? 'met' : 'missed'}`,
  `409 answers: ${conflicts} (target 0): ${conflicts === 0 ? 'met' : 'missed'}`,
  `lost updates: cash moved ${cashRow?.movement.debit} for ${expected} posted: ${cashRow?.movement.debit === expected ? 'none' : 'LOST'}`,
  `serial numbers: ${serials.length} journals, ${unique ? 'all unique' : 'DUPLICATES'}, ${gaps} gaps`,
];
for (const verdict of verdicts) console.log(verdict);

saveResults({ writes: { measuredAt: new Date().toISOString(), seconds: SECONDS, phases, verdicts } });
await stack.stop();
process.exit(0);
