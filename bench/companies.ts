import { cpuMeter } from './companies/cpu-time.ts';
import { liveHeapMegabytes } from './companies/jvm-heap.ts';
import { MemorySampler } from './companies/resident-memory.ts';
import { startSpawnedStack } from './companies/spawned-stack.ts';
import { httpCall, openTenant, postJournal, type Posting, type Tenant } from './companies/tenant.ts';
import { percentile } from './percentile.ts';
import { saveResults } from './results-file.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * Many companies at once on the local stack (`npm start --in-memory`, spawned: the gateway in
 * its own Node process, DynamoDB Local in its JVM). BENCH_COMPANIES companies (default 200),
 * each with its own owner, a small chart and the year 2026; BENCH_COMPANY_CLIENTS clients per
 * company (default 2) post two-line journals (create, then post) over HTTP.
 *
 * "Alone in the same run": the first company is measured alone before the crowd starts, in
 * two windows of BENCH_COMPANIES_ALONE_SECONDS: first at BENCH_COMPANIES_IDLE_RATE postings a
 * second (a nearly idle machine, for context), then at the crowd's total rate (the machine
 * carries the same postings a second, from one company instead of all: the comparison the
 * target uses, since on two shared cores any other comparison measures the CPU queue, not what
 * one company does to another). Then it is measured again as one of the crowd: every company
 * at once for BENCH_COMPANIES_SECONDS, each client posting once every (companies x clients /
 * BENCH_COMPANIES_RATE) seconds (shops with tills, not a flood). Both phases offer the same
 * arrivals, evenly spaced at the total rate (the clients' phases spread over their interval),
 * and differ only in how many companies they spread over (docs/decisions.md, "Many companies at
 * once"); BENCH_COMPANIES_ARRIVALS=random draws each client's phase at random instead.
 * BENCH_COMPANIES_RATE=0 makes every client post back to back instead (saturation: how the
 * machine shares out when overloaded).
 *
 * Per company: p50/p99 of create + post, postings, refusals (any 4xx/5xx after the 409 retries;
 * 429/503 counted apart as busy). Resident memory (VmRSS) of the gateway process and of
 * DynamoDB Local, sampled every second: peak and end of each phase, and DynamoDB Local's live
 * heap after a full collection at the end of the crowd. CPU ms per posting of each process, and
 * the cores the machine's other processes kept busy meanwhile (the machine is shared, so the
 * latencies say as much about them as about the run). At the end every company's trial
 * balance must show exactly what its clients saw posted. Prints a table and adds
 * `manyCompanies` to bench/results.json. Targets: worst company's p99 within 3x the alone
 * company's alone p99; no company refused or told busy.
 */
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 200);
const CLIENTS = Number(process.env.BENCH_COMPANY_CLIENTS ?? 2);
const SECONDS = Number(process.env.BENCH_COMPANIES_SECONDS ?? 90);
const RATE = Number(process.env.BENCH_COMPANIES_RATE ?? 15);
const ALONE_SECONDS = Number(process.env.BENCH_COMPANIES_ALONE_SECONDS ?? 15);
const IDLE_RATE = Number(process.env.BENCH_COMPANIES_IDLE_RATE ?? 2);
const ARRIVALS = process.env.BENCH_COMPANIES_ARRIVALS ?? 'even';
if (ARRIVALS !== 'even' && ARRIVALS !== 'random') throw new Error(`BENCH_COMPANIES_ARRIVALS must be even or random, not ${ARRIVALS}`);
const SETUP_CONCURRENCY = 8;

const random = seededRandom(25);
// A slot already due waits no time (a negative delay would warn and wait 1 ms).
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const round = (value: number, digits = 0) => Number(value.toFixed(digits));

const started = performance.now();
const stack = await startSpawnedStack();
const memory = new MemorySampler({ gateway: stack.gatewayPid, dynamodbLocal: stack.dynamoPid });
const cpu = cpuMeter({ gateway: stack.gatewayPid, dynamodbLocal: stack.dynamoPid });
const call = httpCall(stack.api);

// Setup: companies opened SETUP_CONCURRENCY at a time, each by its own owner.
const tenants: Tenant[] = new Array(COMPANIES);
let nextToOpen = 0;
await Promise.all(
  Array.from({ length: SETUP_CONCURRENCY }, async () => {
    for (let i = nextToOpen++; i < COMPANIES; i = nextToOpen++) {
      const name = `Shop ${String(i).padStart(3, '0')}`;
      tenants[i] = await openTenant(call, name, `Bearer ${await stack.token(`owner-${i}-${Date.now()}@example.com`)}`);
    }
  }),
);
const setupSeconds = (performance.now() - started) / 1000;
const setupMemory = memory.window();

/** What one company's clients saw during a phase. */
interface Tally {
  latencies: number[];
  posted: number;
  conflicts: number;
  busy: Map<string, number>;
  refused: Map<string, number>;
  /** Slots a paced client missed because its previous posting had not finished. */
  late: number;
}
const newTally = (): Tally => ({ latencies: [], posted: 0, conflicts: 0, busy: new Map(), refused: new Map(), late: 0 });
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** One client: a posting every `intervalMs` from `phaseMs` on (or back to back with 0) until `deadline`. */
async function client(tenant: Tenant, tally: Tally, intervalMs: number, phaseMs: number, deadline: number) {
  let next = performance.now() + phaseMs;
  for (;;) {
    if (next >= deadline) return;
    await sleep(next - performance.now());
    const t = performance.now();
    const result: Posting = await postJournal(call, tenant, BigInt(1 + Math.floor(random() * 100_000)), random);
    tally.conflicts += result.conflicts;
    if (result.outcome === 'posted') {
      tally.posted++;
      tally.latencies.push(performance.now() - t);
    } else count(result.outcome === 'busy' ? tally.busy : tally.refused, result.detail!);
    if (intervalMs === 0) next = performance.now();
    else for (next += intervalMs; next < performance.now(); next += intervalMs) tally.late++;
  }
}

/** The given companies' clients at once for `seconds`, each client at `clientRate` postings a second (0: back to back). */
async function phase(among: Tenant[], seconds: number, clientRate: number) {
  const tallies = among.map(newTally);
  const spent = cpu.begin();
  const begun = performance.now();
  const intervalMs = clientRate > 0 ? 1000 / clientRate : 0;
  // Client c of company i takes slot c x companies + i of the interval: a company's clients are half an interval apart (with two).
  const phaseMs = (slot: number) => (ARRIVALS === 'random' ? random() : slot / (among.length * CLIENTS)) * intervalMs;
  await Promise.all(among.flatMap((tenant, i) => Array.from({ length: CLIENTS }, (_, c) => client(tenant, tallies[i]!, intervalMs, phaseMs(c * among.length + i), begun + seconds * 1000))));
  const elapsed = (performance.now() - begun) / 1000;
  return { tallies, seconds: elapsed, memory: memory.window(), cpu: cpuFigures(spent(), elapsed, tallies.reduce((n, t) => n + t.posted, 0)) };
}

/** CPU ms per posting of each process of the run, and the cores the machine's other processes kept busy meanwhile. */
function cpuFigures(seconds: Record<string, number>, elapsed: number, posted: number) {
  const { machine, ...ours } = seconds;
  const perPosting = (s: number) => round((s * 1000) / Math.max(posted, 1), 1);
  return {
    msPerPosting: Object.fromEntries(Object.entries(ours).map(([name, s]) => [name, perPosting(s)])),
    otherCores: round((machine! - Object.values(ours).reduce((n, s) => n + s, 0)) / elapsed, 2),
  };
}

const idle = await phase([tenants[0]!], ALONE_SECONDS, IDLE_RATE / CLIENTS);
const alone = await phase([tenants[0]!], ALONE_SECONDS, RATE / CLIENTS);
const crowd = await phase(tenants, SECONDS, RATE / (COMPANIES * CLIENTS));
const dynamoLiveHeapMb = liveHeapMegabytes(stack.dynamoPid);

// The books: every company's trial balance shows exactly what its clients saw posted.
const wrongBooks: string[] = [];
for (const tenant of tenants) {
  const trial = await call(tenant, 'GET', `${tenant.base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`);
  for (const [accountId, cents] of tenant.posted) {
    const row = trial.body?.rows?.find((r: { accountId: string }) => r.accountId === accountId);
    const side = accountId === tenant.sales ? 'credit' : 'debit';
    const expected = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
    if (row?.movement?.[side] !== expected) wrongBooks.push(`${tenant.name} ${accountId}: ${row?.movement?.[side]} for ${expected}`);
  }
}
memory.stop();
await stack.stop();

/** CPU ms per posting of the service (gateway and DynamoDB Local), whatever else the machine runs. */
const serviceMs = (figures: { msPerPosting: Record<string, number> }) => round(figures.msPerPosting.gateway! + figures.msPerPosting.dynamodbLocal!, 1);
const sum = (tallies: Tally[], pick: (t: Tally) => number) => tallies.reduce((n, t) => n + pick(t), 0);
const merged = (tallies: Tally[], pick: (t: Tally) => Map<string, number>) => {
  const all = new Map<string, number>();
  for (const t of tallies) for (const [k, v] of pick(t)) all.set(k, (all.get(k) ?? 0) + v);
  return Object.fromEntries(all);
};
const crowdP99s = crowd.tallies.map((t) => percentile(t.latencies, 99));
const worstIndex = crowdP99s.indexOf(Math.max(...crowdP99s));
const aloneP99 = percentile(alone.tallies[0]!.latencies, 99);
const samples = crowd.tallies.map((t) => t.latencies.length);
// Every company's postings together: with a few postings per company, a company's "p99" is its slowest, and the
// worst company's is the slowest of the whole crowd; the pooled p99 compares like with like (hundreds of samples each).
const pooledP99 = percentile(crowd.tallies.flatMap((t) => t.latencies), 99);
const figures = {
  companies: COMPANIES,
  clientsPerCompany: CLIENTS,
  offeredPostingsPerSecond: RATE > 0 ? RATE : 'back to back',
  arrivals: RATE > 0 ? ARRIVALS : 'back to back',
  postingsPerSecond: round(sum(crowd.tallies, (t) => t.posted) / crowd.seconds, 1),
  postingsPerCompany: { min: Math.min(...samples), median: percentile(samples, 50) },
  companyP50Ms: { median: round(percentile(crowd.tallies.map((t) => percentile(t.latencies, 50)), 50)) },
  companyP99Ms: { median: round(percentile(crowdP99s, 50)), worst: round(crowdP99s[worstIndex]!), worstCompany: tenants[worstIndex]!.name },
  pooledP99Ms: round(pooledP99),
  alone: {
    company: tenants[0]!.name,
    postingsPerSecond: round(alone.tallies[0]!.posted / alone.seconds, 1),
    p50Ms: round(percentile(alone.tallies[0]!.latencies, 50)),
    p99Ms: round(aloneP99),
    inCrowdP99Ms: round(crowdP99s[0]!),
    late: alone.tallies[0]!.late,
  },
  idle: { postingsPerSecond: round(idle.tallies[0]!.posted / idle.seconds, 1), p50Ms: round(percentile(idle.tallies[0]!.latencies, 50)), p99Ms: round(percentile(idle.tallies[0]!.latencies, 99)) },
  worstOverAlone: round(crowdP99s[worstIndex]! / aloneP99, 2),
  medianOverAlone: round(percentile(crowdP99s, 50) / aloneP99, 2),
  pooledOverAlone: round(pooledP99 / aloneP99, 2),
  worstOverIdle: round(crowdP99s[worstIndex]! / percentile(idle.tallies[0]!.latencies, 99), 2),
  conflictsRetried: sum([...crowd.tallies, ...alone.tallies, ...idle.tallies], (t) => t.conflicts),
  refused: merged([...crowd.tallies, ...alone.tallies, ...idle.tallies], (t) => t.refused),
  busy: merged([...crowd.tallies, ...alone.tallies, ...idle.tallies], (t) => t.busy),
  lateSlots: sum(crowd.tallies, (t) => t.late),
  cpu: { idle: idle.cpu, alone: alone.cpu, crowd: crowd.cpu },
  costOverAlone: round(serviceMs(crowd.cpu) / serviceMs(alone.cpu), 2),
  memoryMb: { afterSetup: setupMemory, idle: idle.memory, alone: alone.memory, crowd: crowd.memory, dynamoLiveHeapAfterCrowd: dynamoLiveHeapMb ?? null },
  wrongBooks: wrongBooks.length,
  setupSeconds: round(setupSeconds),
  crowdSeconds: round(crowd.seconds),
  totalSeconds: round((performance.now() - started) / 1000),
};

console.table([
  {
    companies: COMPANIES,
    clients: COMPANIES * CLIENTS,
    'offered/s': figures.offeredPostingsPerSecond,
    'postings/s': figures.postingsPerSecond,
    'company p99 median ms': figures.companyP99Ms.median,
    'company p99 worst ms': figures.companyP99Ms.worst,
    'alone p99 ms': figures.alone.p99Ms,
    'worst/alone': figures.worstOverAlone,
    refusals: Object.values(figures.refused).reduce((n, v) => n + v, 0),
    busy: Object.values(figures.busy).reduce((n, v) => n + v, 0),
    'gateway MB peak/end': `${crowd.memory.gateway!.peakMb}/${crowd.memory.gateway!.endMb}`,
    'DynamoDB Local MB peak/end': `${crowd.memory.dynamodbLocal!.peakMb}/${crowd.memory.dynamodbLocal!.endMb}`,
  },
]);
const refusals = Object.keys(figures.refused).length + Object.keys(figures.busy).length;
const verdicts = [
  `alone: ${figures.alone.company} ${figures.alone.postingsPerSecond} postings/s (the crowd's rate), p50 ${figures.alone.p50Ms} ms, p99 ${figures.alone.p99Ms} ms, ${figures.alone.late} slots late; in the crowd p99 ${figures.alone.inCrowdP99Ms} ms`,
  `idle: ${figures.alone.company} ${figures.idle.postingsPerSecond} postings/s, p50 ${figures.idle.p50Ms} ms, p99 ${figures.idle.p99Ms} ms; worst company in the crowd x${figures.worstOverIdle} of it`,
  `crowd (${figures.arrivals} arrivals): ${figures.postingsPerCompany.median} postings per company (min ${figures.postingsPerCompany.min}), company p50 median ${figures.companyP50Ms.median} ms, ${figures.lateSlots} slots late, ${figures.conflictsRetried} conflicts retried`,
  `per-company p99 within 3x alone: worst ${figures.companyP99Ms.worstCompany} x${figures.worstOverAlone}, median x${figures.medianOverAlone}: ${figures.worstOverAlone <= 3 ? 'met' : 'missed'}`,
  `the crowd's postings pooled (${sum(crowd.tallies, (t) => t.latencies.length)} of them, against ${alone.tallies[0]!.latencies.length} alone): p99 ${figures.pooledP99Ms} ms, x${figures.pooledOverAlone} of alone`,
  `cost per posting: ${serviceMs(crowd.cpu)} CPU ms (gateway and DynamoDB Local) among ${COMPANIES} companies, ${serviceMs(alone.cpu)} alone: x${figures.costOverAlone}; the machine's other processes kept ${crowd.cpu.otherCores} of its cores busy during the crowd`,
  `refused or busy: ${refusals === 0 ? 'none: met' : `${JSON.stringify(figures.refused)} ${JSON.stringify(figures.busy)}: missed`}`,
  `books: ${wrongBooks.length === 0 ? `all ${COMPANIES} trial balances show what was posted` : `WRONG ${wrongBooks.slice(0, 5).join('; ')}`}`,
  `memory MB (peak/end): gateway after setup ${setupMemory.gateway!.peakMb}/${setupMemory.gateway!.endMb}, crowd ${crowd.memory.gateway!.peakMb}/${crowd.memory.gateway!.endMb}; DynamoDB Local after setup ${setupMemory.dynamodbLocal!.peakMb}/${setupMemory.dynamodbLocal!.endMb}, crowd ${crowd.memory.dynamodbLocal!.peakMb}/${crowd.memory.dynamodbLocal!.endMb}, live heap after a full collection ${dynamoLiveHeapMb ?? 'unknown (no jcmd)'}`,
  `CPU ms per posting (idle, alone, crowd): ${[idle, alone, crowd].map((p) => JSON.stringify(p.cpu.msPerPosting)).join(', ')}; other processes kept ${[idle, alone, crowd].map((p) => p.cpu.otherCores).join(', ')} cores busy`,
  `time: setup ${figures.setupSeconds} s, crowd ${figures.crowdSeconds} s, total ${figures.totalSeconds} s`,
];
for (const verdict of verdicts) console.log(verdict);

saveResults({ manyCompanies: { measuredAt: new Date().toISOString(), ...figures, verdicts } });
process.exit(0);
