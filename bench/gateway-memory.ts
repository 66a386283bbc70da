import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';

/**
 * The local gateway's memory under a long mixed load (handlers in this process, as `npm start`
 * runs them, with its Node flags): reports of a company with 4,000 posted lines, lists, paged
 * statements, journal creates and posts (some replayed by their Idempotency-Key), stored
 * reports, API key calls and refusals. Resident memory and the heap after a full collection are
 * sampled after each tenth of the requests; a cache or buffer growing with requests shows as
 * growth over the second half, when V8 has sized its heap and compiled the hot code.
 * BENCH_SOAK_REQUESTS sets the length (default 2,000).
 * Targets: over the second half, the heap after a full collection grows less than 4 MB and
 * resident memory less than 48 MB (a map keeping each response grew the heap 8.7 MB over 1,000
 * requests); every answer has the status its request expects.
 * Prints a table and adds `gatewayMemory` to bench/results.json.
 */
const REQUESTS = Number(process.env.BENCH_SOAK_REQUESTS ?? 2000);
const POSTED_LINES = 4000;
const LANES = 4;
const ROUNDS = 10;
const MAX_HEAP_GROWTH_MB = 4;
const MAX_RSS_GROWTH_MB = 48;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const megabytes = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

const stack = await startBenchStack();
const { load, postedJournals } = await import('./fast-load.ts');
const { LedgerFold } = await import('../shared/db/ledger/ledger-fold.ts');
const { postingFigures } = await import('../shared/journals/posting-figures.ts');

/** A company of 24 leaf accounts, 3 cost centers and the year 2026, with POSTED_LINES posted lines loaded in bulk, and an API key that reads. */
async function loadedCompany() {
  const company = await stack.ok('POST', '/api/v1/Companies', { name: 'Soak Co', baseCurrency: 'SAR' });
  const base = `/api/v1/Companies/${company.id}`;
  const name = (text: string) => ({ english: text, arabic: text });
  const roots = ([['asset', 8], ['liability', 4], ['equity', 2], ['revenue', 4], ['expense', 6]] as const).map(async ([classification, count], i) => {
    const root = await stack.ok('POST', `${base}/Accounts`, { code: String(i + 1), name: name(classification), type: 'category', classification });
    return Promise.all(Array.from({ length: count }, async (_, j) => (await stack.ok('POST', `${base}/Accounts`, { code: `${i + 1}${j}`, name: name(`${classification} ${j}`), type: 'leaf', parentId: root.id })).id as string));
  });
  const leaves = (await Promise.all(roots)).flat();
  const centers = await Promise.all([0, 1, 2].map(async (c) => (await stack.ok('POST', `${base}/CostCenters`, { code: `C${c}`, name: name(`C${c}`) })).id as string));
  const year = await stack.ok('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const plan = { companyId: company.id as string, yearId: year.id as string, periods: year.periods, accounts: leaves, busy: leaves[0]!, costCenters: centers, firstSerial: 100_001 };
  await load(plan, postedJournals(plan, POSTED_LINES, 11), new LedgerFold(plan.companyId, postingFigures));
  const apiKey = (await stack.ok('POST', `${base}/ApiKeys`, { name: 'soak', permissions: ['accounts:read', 'reports:read'] })).key as string;
  return { base, leaves, centers, asKey: { authorization: `Bearer ${apiKey}` } };
}

type Books = Awaited<ReturnType<typeof loadedCompany>>;
type Answer = Awaited<ReturnType<typeof stack.call>> & { request: string };
/** One step of the mix: its requests, each answer with the statuses it may have. */
type Step = (books: Books, n: number) => Promise<Array<[Answer, number[]]>>;

const send = async (method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> => ({ ...(await stack.call(method, path, body, headers)), request: `${method} ${path}` });
const get = (path: string, expected = [200], headers?: Record<string, string>) => send('GET', path, undefined, headers).then((r): [Answer, number[]] => [r, expected]);

const MIX: Step[] = [
  async ({ base }) => [await get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)],
  async ({ base }) => [await get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31&byCostCenter=true&compare=PreviousYear`)],
  async ({ base }) => [await get(`${base}/Reports/BalanceSheet?date=2026-09-17&compareDate=2026-03-31`)],
  async ({ base, leaves }) => {
    const first = await send('GET', `${base}/Reports/GeneralLedger?accountId=${leaves[0]}&dateFrom=2026-01-01&dateTo=2026-12-31&pageSize=50`);
    const next = await get(`${base}/Reports/GeneralLedger?accountId=${leaves[0]}&dateFrom=2026-01-01&dateTo=2026-12-31&pageSize=50&page=${encodeURIComponent(first.body?.nextPage)}`);
    return [[first, [200]], next];
  },
  async ({ base }) => [await get(`${base}/Journals?pageSize=50&orderBy=Date`)],
  async ({ base, asKey }) => [await get(`${base}/Accounts?pageSize=50`, [200], asKey)],
  async ({ base, leaves, centers }, n) => {
    const key = { 'Idempotency-Key': randomUUID() };
    const body = { date: '2026-05-05T10:00:00Z', description: `Soak ${n}`, entries: [{ accountId: leaves[1], side: 1, amount: 12.5, costCenterId: centers[n % 3] }, { accountId: leaves[14], side: 2, amount: 12.5 }] };
    const created = await send('POST', `${base}/Journals`, body, key);
    const replayed = await send('POST', `${base}/Journals`, body, key);
    const posted = await send('POST', `${base}/Journals/${created.body?.id}/Post`, { postingDate: '2026-05-06', version: created.body?.version }, { 'Idempotency-Key': randomUUID() });
    return [[created, [200]], [replayed, [200]], [posted, [200]]];
  },
  async ({ base, centers, asKey }, n) => [await get(`${base}/Reports/TrialBalance?dateFrom=2026-02-11&dateTo=2026-10-20&costCenterId=${centers[n % 3]}`, [200], asKey)],
  async ({ base }) => {
    const stored = await send('POST', `${base}/Reports`, { kind: 'IncomeStatement', parameters: { dateFrom: '2026-01-01', dateTo: '2026-06-30' } });
    return [[stored, [200]], await get(`${base}/Reports/${stored.body?.id}`)];
  },
  async ({ base }) => [await get(`${base}/Events?pageSize=50`), await get(`${base}/CostCenters`)],
  // Refusals take the error path: a bad range, an unknown journal, a caller without access.
  async ({ base, asKey }) => [await get(`${base}/Reports/TrialBalance?dateFrom=2026-05-01&dateTo=2026-04-01`, [400]), await get(`${base}/Journals/${randomUUID()}`, [404]), await get(`${base}/Journals`, [403], asKey)],
];

const books = await loadedCompany();
const unexpected: string[] = [];
let sent = 0;
let step = 0;
const lane = async (until: number) => {
  while (sent < until) {
    const n = step++;
    for (const [answer, expected] of await MIX[n % MIX.length]!(books, n)) {
      sent++;
      if (!expected.includes(answer.status)) unexpected.push(`${answer.request}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
  }
};
const sample = (round: number, started: number) => {
  collectGarbage();
  const { rss, heapUsed } = process.memoryUsage();
  return { round, requests: sent, rssMB: megabytes(rss), heapAfterGcMB: megabytes(heapUsed), seconds: Math.round((performance.now() - started) / 100) / 10 };
};

const started = performance.now();
const samples = [sample(0, started)];
for (let round = 1; round <= ROUNDS; round++) {
  const until = Math.round((REQUESTS * round) / ROUNDS);
  await Promise.all(Array.from({ length: LANES }, () => lane(until)));
  samples.push(sample(round, started));
}
console.log(`The local gateway over ${sent} mixed requests on a company of ${POSTED_LINES} posted lines, ${LANES} at once, sampled after each tenth:`);
console.table(samples);

const half = samples[ROUNDS / 2]!;
const last = samples[ROUNDS]!;
const heapGrowthMB = Math.round((last.heapAfterGcMB - half.heapAfterGcMB) * 10) / 10;
const rssGrowthMB = Math.round((last.rssMB - half.rssMB) * 10) / 10;
for (const line of unexpected.slice(0, 10)) console.log(`unexpected answer: ${line}`);
const verdicts = [
  `heap after a full collection over the second half: ${heapGrowthMB >= 0 ? '+' : ''}${heapGrowthMB} MB (target < ${MAX_HEAP_GROWTH_MB} MB): ${heapGrowthMB < MAX_HEAP_GROWTH_MB ? 'met' : 'missed'}`,
  `resident memory over the second half: ${rssGrowthMB >= 0 ? '+' : ''}${rssGrowthMB} MB (target < ${MAX_RSS_GROWTH_MB} MB): ${rssGrowthMB < MAX_RSS_GROWTH_MB ? 'met' : 'missed'}`,
  `answers with an unexpected status: ${unexpected.length} (target 0): ${unexpected.length === 0 ? 'met' : 'missed'}`,
];
for (const verdict of verdicts) console.log(verdict);

saveResults({ gatewayMemory: { measuredAt: new Date().toISOString(), requests: sent, postedLines: POSTED_LINES, lanes: LANES, samples, heapGrowthMB, rssGrowthMB, verdicts } });
await stack.stop();
process.exit(0);
