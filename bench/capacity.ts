import { randomUUID } from 'node:crypto';
import { arrivals, journalMaker } from './capacity/workload.ts';
import { seededRandom } from './seeded-random.ts';
import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';
import { percentile } from './percentile.ts';

/**
 * One company's capacity on DynamoDB, in simulated time. The real handlers run in this process
 * against DynamoDB Local through the DynamoDB limits simulator
 * (test/support/dynamodb-limits/README.md): per partition 1,000 write and 3,000 read units a
 * second, transactions cancelled on overlapping items, modelled latency, backoffs slept in
 * simulated time. So the figures describe DynamoDB's limits, not this machine's speed.
 *
 * Load: for each offered load (BENCH_CAPACITY_LOADS, default 100,300,1000,3000 postings a
 * second) for BENCH_CAPACITY_SECONDS simulated seconds (default 2), postings arrive open-loop
 * (Poisson); each creates a two-line journal (the hot cash account against a Zipf-chosen one of
 * 40 accounts) and posts it. BENCH_CAPACITY_CLIENTS (default 32) postings run at once in real
 * time. Per load: arrivals a second (the Poisson draw of the offered rate), achieved postings a
 * second (over the span to the last answer), p50/p99 of create + post in simulated ms, retries
 * per posting, refusals, the busiest partition and item and their write units a second, and
 * write units per posting.
 * Then round trips: one request of each kind alone (create, post, void, reverse, trial
 * balance by dates and by financial year, a wide posting): DynamoDB calls, calls in sequence, simulated latency, units, and the
 * ceiling its busiest partition puts on it (BENCH_CAPACITY_LOADS=none runs this part alone and
 * writes only `roundTrips` to bench/results.json). Target (the per-company goal): 1,000 postings a
 * second, p99 under 200 ms, nothing refused. Prints tables and adds `capacity` to bench/results.json.
 *
 * Taxed: the company is registered in Saudi Arabia with its standard tax codes (on an output and
 * an input VAT account outside the 40), and the loads in BENCH_CAPACITY_TAXED (default 1000;
 * `none` skips) run a second time from the same seed with the journal's other line naming a code
 * (S-STD where cash is debited, P-STD where credited; amounts including the tax), so each posting
 * carries a tax line on a VAT account, the VAT return's figures on its balance items and a tax
 * ledger entry. The round trips add a taxed create and post alone. Target: the taxed rate at
 * least 0.9 of the untaxed one, every arrival posted, p99 under 200 ms.
 */
const LOADS = process.env.BENCH_CAPACITY_LOADS === 'none' ? [] : (process.env.BENCH_CAPACITY_LOADS ?? '100,300,1000,3000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 2);
const CLIENTS = Number(process.env.BENCH_CAPACITY_CLIENTS ?? 32);
const TAXED_LOADS = process.env.BENCH_CAPACITY_TAXED === 'none' ? [] : (process.env.BENCH_CAPACITY_TAXED ?? '1000').split(',').map(Number);
const WRITE_UNITS_PER_PARTITION = 1000;
const READ_UNITS_PER_PARTITION = 3000;

const stack = await startBenchStack();
const { db } = await import('../shared/db/table/client.ts');
const { installLimitsSimulator } = await import('../test/support/dynamodb-limits/limits-simulator.ts');
const { simulatedRequest } = await import('../test/support/dynamodb-limits/simulated-request.ts');
const { invoke } = await import('./lambda-invoke.ts');
const handlers = {
  create: (await import('../functions/journals/create.ts')).handler,
  post: (await import('../functions/journals/post.ts')).handler,
  void: (await import('../functions/journals/void.ts')).handler,
  reverse: (await import('../functions/journals/reverse.ts')).handler,
  trialBalance: (await import('../functions/reports/trial-balance.ts')).handler,
};
let simulator = installLimitsSimulator(db());

// One company: cash and 40 other leaves, the year 2026.
const company = await stack.ok('POST', '/api/v1/Companies', { name: 'Capacity Co', baseCurrency: 'SAR' });
const companyId = company.id as string;
const base = `/api/v1/Companies/${companyId}`;
const others: string[] = [];
let cash = '';
const roots: Record<string, string> = {};
for (const [i, [classification, count]] of ([['asset', 10], ['liability', 5], ['revenue', 15], ['expense', 11]] as const).entries()) {
  const root = await stack.ok('POST', `${base}/Accounts`, { code: String(i + 1), name: { english: classification, arabic: classification }, type: 'category', classification });
  roots[classification] = root.id;
  for (let j = 0; j < count; j++) {
    const leaf = await stack.ok('POST', `${base}/Accounts`, { code: `${i + 1}${String(j).padStart(2, '0')}`, name: { english: `${classification} ${j}`, arabic: `${classification} ${j}` }, type: 'leaf', parentId: root.id });
    if (i === 0 && j === 0) cash = leaf.id;
    else others.push(leaf.id);
  }
}
const yearId = (await stack.ok('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' })).id as string;
// Registered in SA, the standard codes on two VAT accounts outside the workload's 40.
const vatAccount = async (code: string, english: string, parentId: string) => (await stack.ok('POST', `${base}/Accounts`, { code, name: { english, arabic: english }, type: 'leaf', parentId })).id as string;
const outputTaxAccountId = await vatAccount('290', 'Output VAT', roots.liability!);
const inputTaxAccountId = await vatAccount('190', 'Input VAT', roots.asset!);
await stack.ok('PUT', `${base}/Settings`, { taxJurisdiction: 'SA', version: (await stack.ok('GET', `${base}/Settings`)).version });
await stack.ok('POST', `${base}/TaxCodes/Standard`, { outputTaxAccountId, inputTaxAccountId });

const call = (handler: (typeof handlers)[keyof typeof handlers], params: Record<string, string>, body?: unknown, headers?: Record<string, string>, query?: Record<string, string>) =>
  invoke(handler, stack.authorization, { params: { companyId, ...params }, body, headers, query });
/** A journal's line as sent (the workload's, and a taxed one's code). */
type Entry = { accountId: string; side: number; amount: number; taxCode?: string };
/** A journal naming a tax code is sent with its amounts including the tax, so its lines balance as sent. */
const createJournal = (entries: Entry[]) =>
  call(handlers.create, {}, { date: '2026-06-15T10:00:00Z', entries, ...(entries.some((e) => e.taxCode) ? { amountsIncludeTax: true } : {}) }, { 'idempotency-key': randomUUID() });
/** The workload's journal with its other line taxed: a sale where cash is debited, a purchase where credited. */
const taxedJournal = (make: () => Entry[]) => (): Entry[] => {
  const [cashLine, other] = make() as [Entry, Entry];
  return [cashLine, { ...other, taxCode: cashLine.side === 1 ? 'S-STD' : 'P-STD' }];
};
const postJournal = (journal: { id: string; version: number }) => call(handlers.post, { id: journal.id }, { postingDate: '2026-06-15', version: journal.version });

/**
 * BENCH_CAPACITY_POSTS_ONLY=1: each load's drafts are created first (one every 100 simulated ms,
 * long before the load, so they neither throttle nor conflict), then only their posts run
 * under the load: the ceiling of the posting transaction apart from the create's.
 */
const POSTS_ONLY = process.env.BENCH_CAPACITY_POSTS_ONLY === '1';

/** Drafts for `count` postings, created apart in simulated time before the load. */
async function draftsAhead(count: number, journal: () => Entry[]): Promise<Array<{ id: string; version: number }>> {
  const drafts: Array<{ id: string; version: number }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        const i = next++;
        const { result } = await simulatedRequest(-1e9 + i * 100, () => createJournal(journal()));
        if (result.status !== 200) throw new Error(`draft ${result.status} ${JSON.stringify(result.body)}`);
        drafts[i] = result.body;
      }
    }),
  );
  return drafts;
}

/** Post a draft made ahead; the refusal if it answers other than 200. */
async function postOnly(draft: { id: string; version: number }): Promise<string | undefined> {
  const posted = await postJournal(draft);
  return posted.status === 200 ? undefined : `post ${posted.status}`;
}

/** Create then post; the refusal if either answers other than 200. */
async function createAndPost(entries: Entry[]): Promise<string | undefined> {
  const created = await createJournal(entries);
  if (created.status !== 200) return `create ${created.status}`;
  const posted = await postJournal(created.body);
  return posted.status === 200 ? undefined : `post ${posted.status}`;
}

const round = (n: number, places = 1) => Number(n.toFixed(places));
const unitsLabel = (busiest?: { partition: string; unitsPerSecond: number }) => (busiest ? `${busiest.partition.replace(companyId, '<c>')} ${round(busiest.unitsPerSecond, 0)}/s` : '');

/** One offered load: arrivals run by CLIENTS workers in arrival order, each a simulated request (`taxed`: each journal's other line naming a tax code). */
async function loadLevel(perSecond: number, seconds = SECONDS, taxed = false) {
  simulator.reset();
  const random = seededRandom(perSecond);
  const times = arrivals(perSecond, seconds, random);
  const untaxed = journalMaker(cash, others, random);
  const journal = taxed ? taxedJournal(untaxed) : untaxed;
  const drafts = POSTS_ONLY ? await draftsAhead(times.length, journal) : [];
  if (POSTS_ONLY) simulator.reset();
  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  let retries = 0;
  let lastEnd = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < times.length) {
        const i = next++;
        const at = times[i]!;
        const work = POSTS_ONLY ? () => postOnly(drafts[i]!) : () => createAndPost(journal());
        const { result: refused, request } = await simulatedRequest(at, work);
        retries += request.retries;
        lastEnd = Math.max(lastEnd, request.clock);
        if (refused) refusals.set(refused, (refusals.get(refused) ?? 0) + 1);
        else latencies.push(request.clock - at);
      }
    }),
  );
  const stats = simulator.stats();
  const span = Math.max(seconds * 1000, lastEnd) / 1000;
  return {
    taxed,
    offeredPerSecond: perSecond,
    arrivals: times.length,
    arrivedPerSecond: round(times.length / seconds),
    posted: latencies.length,
    achievedPerSecond: round(latencies.length / span),
    p50Ms: round(percentile(latencies, 50), 0),
    p99Ms: round(percentile(latencies, 99), 0),
    retriesPerPosting: round(retries / Math.max(times.length, 1), 2),
    refused: Object.fromEntries(refusals),
    throttledAttempts: stats.throttledAttempts,
    conflictedAttempts: stats.conflictedAttempts,
    conflictsOn: Object.fromEntries(Object.entries(stats.conflictsByKind).slice(0, 4)),
    busiestWritePartition: unitsLabel(stats.busiestWritePartition),
    busiestItem: unitsLabel(stats.busiestItem),
    busiestReadPartition: unitsLabel(stats.busiestReadPartition),
    writeUnitsPerPosting: round(stats.writeUnits / Math.max(latencies.length, 1)),
    realSeconds: round((performance.now() - started) / 1000),
  };
}

const levels = [];
const taxedLevels = [];
for (const perSecond of LOADS) {
  levels.push(await loadLevel(perSecond));
  console.log(`capacity: ${perSecond}/s offered done in ${levels.at(-1)!.realSeconds} s`);
  if (TAXED_LOADS.includes(perSecond)) {
    taxedLevels.push(await loadLevel(perSecond, SECONDS, true));
    console.log(`capacity: ${perSecond}/s offered, taxed, done in ${taxedLevels.at(-1)!.realSeconds} s`);
  }
}
if (levels.length > 0) console.table([...levels, ...taxedLevels].map((l) => ({ ...l, refused: JSON.stringify(l.refused) })));

/**
 * Numbering (at least BENCH_CAPACITY_NUMBERED events, default 4,000, in whole calls of up to
 * 8,000; 0 skips it): one sequencer, as the
 * stream's dispatch runs it, numbers the events the loads left pending, in simulated time under
 * the same limits. Events numbered a simulated second (a posting makes two: its create's and its
 * post's), the busiest partition and item, throttled attempts, and write units per event: the
 * feed, the audit chain and reports "as known at" a moment keep up with a company's postings up
 * to half that rate.
 */
const NUMBERED = Number(process.env.BENCH_CAPACITY_NUMBERED ?? 4000);
async function numbering(events: number) {
  simulator.reset();
  const { numberPending } = await import('../shared/events/numbering-rules.ts');
  const { eventFeed } = await import('../shared/db/stores/event-ports.ts');
  const sequenceEvents = (companyId: string) => numberPending(eventFeed, companyId);
  const { eventHead } = await import('../shared/db/events/event-store.ts');
  // Counted by the counter: a call that fails after some of its rounds committed does not say how many it numbered.
  const from = (await eventHead(companyId)).next;
  let numbered = 0;
  let failedCalls = 0;
  const started = performance.now();
  const { request } = await simulatedRequest(0, async () => {
    // A failed call (throttled past the SDK's retries) is run again, as the stream retries its batch.
    while (numbered < events && failedCalls < 100) {
      const n = await sequenceEvents(companyId).catch(() => (failedCalls++, -1));
      if (n === 0) break;
      numbered = (await eventHead(companyId)).next - from;
    }
  });
  const stats = simulator.stats();
  const seconds = request.clock / 1000;
  return {
    events: numbered,
    simulatedSeconds: round(seconds, 2),
    eventsPerSecond: round(numbered / seconds),
    postingsPerSecond: round(numbered / 2 / seconds),
    failedCalls,
    throttledAttempts: stats.throttledAttempts,
    busiestWritePartition: unitsLabel(stats.busiestWritePartition),
    busiestItem: unitsLabel(stats.busiestItem),
    writeUnitsPerEvent: round(stats.writeUnits / Math.max(numbered, 1)),
    writeUnitsPerEventByKind: Object.fromEntries(Object.entries(stats.writeUnitsByKind).map(([kind, units]) => [kind.replace(companyId, '<c>'), round(units / Math.max(numbered, 1), 2)])),
    realSeconds: round((performance.now() - started) / 1000),
  };
}
const numbered = levels.length > 0 && NUMBERED > 0 ? await numbering(NUMBERED) : undefined;
if (numbered) console.table([{ ...numbered, writeUnitsPerEventByKind: undefined }]), console.log('write units of a numbered event by item kind:', numbered.writeUnitsPerEventByKind);

/**
 * What caps it next (BENCH_CAPACITY_WHAT_IF=1): the same workload at 300 postings a second
 * (BENCH_CAPACITY_WHAT_IF_LOAD) for
 * 1 simulated second with the partition limits lifted, then also with condition checks not
 * conflicting, so each limit's share of the ceiling shows.
 */
const whatIf = [];
if (process.env.BENCH_CAPACITY_WHAT_IF === '1') {
  const unlimited = { writeUnitsPerSecond: 1e9, readUnitsPerSecond: 1e9 };
  for (const [name, options] of [['no partition limits', unlimited], ['no partition limits, condition checks do not conflict', { ...unlimited, checksConflict: false }]] as const) {
    simulator.uninstall();
    simulator = installLimitsSimulator(db(), options);
    whatIf.push({ variant: name, ...(await loadLevel(Number(process.env.BENCH_CAPACITY_WHAT_IF_LOAD ?? 300), 1)) });
  }
  simulator.uninstall();
  simulator = installLimitsSimulator(db());
  console.table(whatIf.map((l) => ({ ...l, refused: JSON.stringify(l.refused) })));
}

/**
 * Round trips and units of one request alone, and the ceiling its busiest partitions set: 1,000
 * write units a second over its write units there, 3,000 read units over its read units.
 */
async function alone(name: string, at: number, work: () => Promise<{ status: number; body: any }>) {
  simulator.reset();
  const { result, request } = await simulatedRequest(at, work);
  if (result.status !== 200) throw new Error(`${name}: ${result.status} ${JSON.stringify(result.body)}`);
  const busiest = (byPartition: Map<string, number>) => [...byPartition].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const [partition, units] = busiest(request.writeUnitsByPartition);
  const [, readUnitsThere] = busiest(request.readUnitsByPartition);
  const ceilings = [units ? WRITE_UNITS_PER_PARTITION / units : Infinity, readUnitsThere ? READ_UNITS_PER_PARTITION / readUnitsThere : Infinity];
  return {
    row: {
      request: name,
      calls: request.calls,
      inSequence: request.depth,
      simulatedMs: round(request.clock - at, 0),
      writeUnits: request.writeUnits,
      readUnits: round(request.readUnits),
      busiestWritePartition: partition.replace(companyId, '<c>'),
      writeUnitsThere: units,
      readUnitsOnBusiest: readUnitsThere,
      ceilingPerSecond: Math.floor(Math.min(...ceilings)),
    },
    body: result.body,
    writeUnitsByKind: Object.fromEntries(Object.entries(simulator.stats().writeUnitsByKind).map(([kind, units]) => [kind.replace(companyId, '<c>'), units])),
  };
}
simulator.reset();
const makeJournal = journalMaker(cash, others, seededRandom(7));
const rows = [];
let clock = 0;
const nextAt = () => (clock += 10_000);

/**
 * A cold function first: with the warm caches' lifetimes at 0 (docs/decisions.md, Capacity),
 * every request reads membership, settings and year ranges itself. Then one create and post
 * warm the caches, and every later row is a warm function's.
 */
const CACHE_LIFETIMES = ['ACCESS_CACHE_MS', 'SETTINGS_CACHE_MS', 'YEAR_RANGES_CACHE_MS'] as const;
const configured = CACHE_LIFETIMES.map((name) => process.env[name]);
const coldFunction = (cold: boolean) =>
  CACHE_LIFETIMES.forEach((name, i) => {
    if (cold) process.env[name] = '0';
    else if (configured[i] === undefined) delete process.env[name];
    else process.env[name] = configured[i];
  });
coldFunction(true);
const createdCold = await alone('create journal (cold function)', nextAt(), () => createJournal(makeJournal()));
rows.push(createdCold.row, (await alone('post (cold function)', nextAt(), () => postJournal(createdCold.body))).row);
rows.push((await alone('trial balance (cold function)', nextAt(), () => call(handlers.trialBalance, {}, undefined, undefined, { dateFrom: '2026-01-01', dateTo: '2026-12-31' }))).row);
// By its financial year: the year is the report context's, not read a second time.
rows.push((await alone('trial balance of a financial year (cold function)', nextAt(), () => call(handlers.trialBalance, {}, undefined, undefined, { financialYearId: yearId }))).row);
coldFunction(false);
await postJournal((await createJournal(makeJournal())).body);
await call(handlers.trialBalance, {}, undefined, undefined, { dateFrom: '2026-01-01', dateTo: '2026-12-31' });
const created = await alone('create journal', nextAt(), () => createJournal(makeJournal()));
const posted = await alone('post', nextAt(), () => postJournal(created.body));
rows.push(created.row, posted.row);
const unitsByKind: Record<string, Record<string, number>> = { create: created.writeUnitsByKind, post: posted.writeUnitsByKind };
// The same alone with a tax code on one line (its own seed: the rows after it keep their journals).
const taxedCreated = await alone('create taxed journal', nextAt(), () => createJournal(taxedJournal(journalMaker(cash, others, seededRandom(8)))()));
const taxedPosted = await alone('post taxed', nextAt(), () => postJournal(taxedCreated.body));
rows.push(taxedCreated.row, taxedPosted.row);
Object.assign(unitsByKind, { taxedCreate: taxedCreated.writeUnitsByKind, taxedPost: taxedPosted.writeUnitsByKind });
const toVoid = await postJournal((await createJournal(makeJournal())).body);
rows.push((await alone('void (posted)', nextAt(), () => call(handlers.void, { id: toVoid.body.id }, { version: toVoid.body.version }))).row);
const toReverse = await postJournal((await createJournal(makeJournal())).body);
rows.push((await alone('reverse', nextAt(), () => call(handlers.reverse, { id: toReverse.body.id }, { postingDate: '2026-06-16', version: toReverse.body.version }, { 'idempotency-key': randomUUID() }))).row);
const wideLines = others.slice(0, 40).flatMap((account, i) => [{ accountId: account, side: 1, amount: i + 1 }, { accountId: cash, side: 2, amount: i + 1 }]).slice(0, 80);
const wide = await alone('create wide (80 lines)', nextAt(), () => createJournal(wideLines));
rows.push(wide.row, (await alone('post wide (80 lines)', nextAt(), () => postJournal(wide.body))).row);
rows.push((await alone('trial balance (year)', nextAt(), () => call(handlers.trialBalance, {}, undefined, undefined, { dateFrom: '2026-01-01', dateTo: '2026-12-31' }))).row);
console.table(rows);
console.log('write units of a posting by item kind:', JSON.stringify(unitsByKind, null, 1));

const target = levels.find((l) => l.offeredPerSecond === 1000);
/**
 * Whether a load was kept up with: every arrival posted (none refused) with p99 under 200 ms. Not
 * the achieved rate against a mark: it divides by the span to the last answer, so over 2
 * simulated seconds it moves with the slowest posting by some 5% from run to run. Arrivals are
 * open-loop, so a store that could not keep up would show it in the latency.
 */
const keptUp = (level: Awaited<ReturnType<typeof loadLevel>>) => level.posted === level.arrivals && level.p99Ms < 200;
const verdicts = [
  target
    ? `1,000 postings/s offered: ${target.posted} of ${target.arrivals} arrivals (${target.arrivedPerSecond}/s) posted, ${target.achievedPerSecond}/s over the span to the last answer, p99 ${target.p99Ms} ms, ${Object.values(target.refused).reduce((a, b) => a + b, 0)} refused (target: every arrival posted, p99 < 200 ms): ${keptUp(target) ? 'met' : 'missed'}`
    : 'no 1,000/s level run',
  ...(numbered
    ? [`numbering: ${numbered.events} events in ${numbered.simulatedSeconds} simulated s, ${numbered.eventsPerSecond} events/s (${numbered.postingsPerSecond} postings/s), busiest ${numbered.busiestWritePartition} (target: 1,000 postings/s): ${numbered.postingsPerSecond >= 1000 ? 'met' : 'missed'}`]
    : []),
];
// Taxed against untaxed, load by load (the same arrivals and journals).
for (const t of taxedLevels) {
  const u = levels.find((l) => l.offeredPerSecond === t.offeredPerSecond)!;
  const ratio = t.achievedPerSecond / u.achievedPerSecond;
  verdicts.push(
    `taxed, ${t.offeredPerSecond}/s offered: ${t.posted} of ${t.arrivals} posted, ${t.achievedPerSecond}/s against ${u.achievedPerSecond}/s untaxed, x${ratio.toFixed(2)} (target >= x0.9), p99 ${t.p99Ms} ms against ${u.p99Ms} ms, ` +
      `${t.writeUnitsPerPosting} write units a posting against ${u.writeUnitsPerPosting}, ${Object.values(t.refused).reduce((a, b) => a + b, 0)} refused: ${ratio >= 0.9 && keptUp(t) ? 'met' : 'missed'}`,
  );
}
verdicts.push(
  `one journal alone, taxed against untaxed: create ${taxedCreated.row.writeUnits} write units against ${created.row.writeUnits}, post ${taxedPosted.row.writeUnits} against ${posted.row.writeUnits} ` +
    `(${taxedCreated.row.calls + taxedPosted.row.calls} DynamoDB calls against ${created.row.calls + posted.row.calls}, ${taxedCreated.row.simulatedMs + taxedPosted.row.simulatedMs} simulated ms against ${created.row.simulatedMs + posted.row.simulatedMs})`,
);
for (const verdict of verdicts) console.log(verdict);

const roundTrips = { measuredAt: new Date().toISOString(), requests: rows };
if (levels.length === 0) saveResults({ roundTrips });
else saveResults({ [POSTS_ONLY ? 'capacityPostsOnly' : 'capacity']: { measuredAt: roundTrips.measuredAt, simulatedSecondsPerLoad: SECONDS, clients: CLIENTS, levels, taxedLevels, numbering: numbered, whatIf, requests: rows, writeUnitsByKind: unitsByKind, verdicts }, roundTrips });
simulator.uninstall();
await stack.stop();
process.exit(0);
