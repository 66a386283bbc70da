import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';
import { percentile } from './percentile.ts';

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
 * Beside each phase, the same on a second company where a third of the lines are foreign (USD
 * at the line's rate, EUR at the company's): target within 1.25x of the base-only rate.
 * Prints a table and adds `writes` to bench/results.json.
 */
const SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 20);
const CLIENTS = [1, 16];

const stack = await startBenchStack();

/** A company with two hot accounts (cash and sales) and the year 2026. */
async function writesCompany(name: string) {
  const company = await stack.ok('POST', '/api/v1/Companies', { name, baseCurrency: 'SAR' });
  const base = `/api/v1/Companies/${company.id}`;
  const account = async (code: string, classification: string) => {
    const root = await stack.ok('POST', `${base}/Accounts`, { code, name: { english: code, arabic: code }, type: 'category', classification });
    return (await stack.ok('POST', `${base}/Accounts`, { code: `${code}1`, name: { english: `${code}1`, arabic: `${code}1` }, type: 'leaf', parentId: root.id })).id as string;
  };
  const cash = await account('1', 'asset');
  const sales = await account('4', 'revenue');
  await stack.ok('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  return { base, cash, sales, postedCents: 0n };
}
type Books = Awaited<ReturnType<typeof writesCompany>>;
const baseOnly = await writesCompany('Writes Co');
// Beside it, a company where a third of the lines are foreign: USD at a rate the line gives, EUR at the company's rate.
const foreign = await writesCompany('Writes Foreign Co');
const EUR_RATE = { whole: 41234n, scale: 10_000n };
await stack.ok('POST', `${foreign.base}/ExchangeRates`, { currency: 'EUR', date: '2026-01-01', rate: '4.1234' });

/** A journal's two lines for `cents` (debit cash, credit sales) and the base cents cash is debited; in the foreign books, two in three have one USD or EUR line. */
function journalLines(books: Books, cents: bigint) {
  const amount = Number(cents) / 100;
  const plain = { lines: [{ accountId: books.cash, side: 1, amount }, { accountId: books.sales, side: 2, amount }], baseCents: cents };
  if (books !== foreign || Math.random() >= 2 / 3) return plain;
  const usd = Math.random() < 0.5;
  const { whole, scale } = usd ? { whole: 375n, scale: 100n } : EUR_RATE;
  const baseCents = (2n * cents * whole + scale) / (2n * scale);
  const foreignLine = usd ? { currency: 'USD', exchangeRate: '3.75', amount } : { currency: 'EUR', amount };
  const baseAmount = Number(baseCents) / 100;
  const onCash = Math.random() < 0.5;
  return {
    lines: [{ accountId: books.cash, side: 1, ...(onCash ? foreignLine : { amount: baseAmount }) }, { accountId: books.sales, side: 2, ...(onCash ? { amount: baseAmount } : foreignLine) }],
    baseCents,
  };
}

/** CPU seconds so far of this process and of DynamoDB Local (from /proc; clock ticks of 10 ms). */
function cpuSeconds() {
  const own = process.cpuUsage();
  const fields = readFileSync(`/proc/${stack.dynamo.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { service: (own.user + own.system) / 1e6, dynamo: (Number(fields[11]) + Number(fields[12])) / 100 };
}

async function phase(books: Books, clients: number, runSeconds = SECONDS) {
  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  const refuse = (what: string, status: number) => refusals.set(`${what} ${status}`, (refusals.get(`${what} ${status}`) ?? 0) + 1);
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const deadline = started + runSeconds * 1000;
  let posted = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const { lines, baseCents } = journalLines(books, BigInt(1 + Math.floor(Math.random() * 100_000)));
        const t = performance.now();
        const created = await stack.call('POST', `${books.base}/Journals`, { date: '2026-06-15T10:00:00Z', entries: lines }, { 'idempotency-key': randomUUID() });
        if (created.status !== 200) {
          refuse('create', created.status);
          continue;
        }
        const post = await stack.call('POST', `${books.base}/Journals/${created.body.id}/Post`, { postingDate: '2026-06-15', version: created.body.version });
        if (post.status !== 200) {
          refuse('post', post.status);
          continue;
        }
        latencies.push(performance.now() - t);
        posted++;
        books.postedCents += baseCents;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds();
  return {
    books: books === foreign ? 'a third foreign' : 'base only',
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

// Base-only and foreign-currency books side by side at each number of clients.
type Phase = Awaited<ReturnType<typeof phase>>;
const phases: Phase[] = [];
const foreignPhases: Phase[] = [];
// Warm both companies' paths first (unmeasured), so neither side pays the process's warm-up.
for (const books of [baseOnly, foreign]) await phase(books, 4, 2);
for (const clients of CLIENTS) {
  phases.push(await phase(baseOnly, clients));
  foreignPhases.push(await phase(foreign, clients));
}
console.table([...phases, ...foreignPhases].map((p) => ({ ...p, refused: JSON.stringify(p.refused), cpuMsPerPosting: JSON.stringify(p.cpuMsPerPosting) })));

/** No lost update: cash's movement (base) equals what the clients saw posted. */
async function lostUpdates(books: Books, name: string) {
  const trial = await stack.ok('GET', `${books.base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`);
  const cashRow = trial.rows.find((r: { accountId: string }) => r.accountId === books.cash);
  const expected = `${books.postedCents / 100n}.${String(books.postedCents % 100n).padStart(2, '0')}`;
  return `lost updates (${name}): cash moved ${cashRow?.movement.debit} for ${expected} posted: ${cashRow?.movement.debit === expected ? 'none' : 'LOST'}`;
}
// Serial numbers: every journal listed once, none twice.
const serials: number[] = [];
for (let page: string | null = null, first = true; first || page; first = false) {
  const r = await stack.ok('GET', `${baseOnly.base}/Journals?pageSize=100&orderBy=SerialNumber&orderAsc=true${page ? `&page=${encodeURIComponent(page)}` : ''}`);
  serials.push(...r.results.map((j: { serialNumber: number }) => j.serialNumber));
  page = r.nextPage;
}
const unique = new Set(serials).size === serials.length;
const gaps = Math.max(...serials) - serials.length;

const [one, many] = phases as [(typeof phases)[number], (typeof phases)[number]];
const ratio = many.journalsPerSecond / one.journalsPerSecond;
const conflicts = [...phases, ...foreignPhases].reduce((n, p) => n + Object.entries(p.refused).filter(([k]) => k.endsWith('409')).reduce((m, [, v]) => m + v, 0), 0);
const verdicts = [
  `scaling: ${many.clients} clients x${ratio.toFixed(2)} the rate of one (target >= x1.2): ${ratio >= 1.2 ? 'met' : 'missed'}`,
  `tail: p99 ${many.p99Ms} ms against p50 ${many.p50Ms} ms with ${many.clients} clients, x${(many.p99Ms / many.p50Ms).toFixed(2)} (target <= x3): ${many.p99Ms <= 3 * many.p50Ms ? 'met' : 'missed'}`,
  `409 answers: ${conflicts} (target 0): ${conflicts === 0 ? 'met' : 'missed'}`,
  ...foreignPhases.map((f, i) => {
    const slower = phases[i]!.journalsPerSecond / f.journalsPerSecond;
    return `foreign lines, ${f.clients} client(s): ${f.journalsPerSecond} journals/s against ${phases[i]!.journalsPerSecond} base-only, the base-only rate x${slower.toFixed(2)} of this one (target <= x1.25): ${slower <= 1.25 ? 'met' : 'missed'}`;
  }),
  await lostUpdates(baseOnly, 'base only'),
  await lostUpdates(foreign, 'a third foreign'),
  `serial numbers: ${serials.length} journals, ${unique ? 'all unique' : 'DUPLICATES'}, ${gaps} gaps`,
];
for (const verdict of verdicts) console.log(verdict);

saveResults({ writes: { measuredAt: new Date().toISOString(), seconds: SECONDS, phases, foreignPhases, verdicts } });
await stack.stop();
process.exit(0);
