import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { load, postedJournals } from '../../bench/fast-load.ts';
import { LedgerFold } from '../../shared/db/ledger-fold.ts';
import { client, companyOwner, useGateway, type ApiResponse, type Client } from '../support/api.ts';

/**
 * The local gateway's memory under a long mixed load (handlers in this process, as `npm start` runs them): reports
 * of a company with thousands of posted lines, lists, paged statements, journal creates and
 * posts (some replayed by their Idempotency-Key), stored reports, API key calls and refusals.
 * Resident memory and the heap after a full collection are sampled after each tenth of the
 * requests; a cache or buffer growing with requests shows as growth over the second half, when
 * V8 has sized its heap and compiled the hot code. SOAK_REQUESTS sets the length (1,200 here: a report reads each balance key of the company,
 * so its requests weigh on the DynamoDB Local that every test file shares).
 */
const REQUESTS = Number(process.env.SOAK_REQUESTS ?? 1200);
const POSTED_LINES = 4000;
const LANES = 4;
const ROUNDS = 10;
/** Growth allowed over the second half (about 600 requests by default; measured: 0.2 MB of heap, 1 MB resident). */
const MAX_HEAP_GROWTH_MB = 4;
const MAX_RSS_GROWTH_MB = 48;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const megabytes = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

const gateway = useGateway();

/** A company of 24 leaf accounts, 3 cost centers and the year 2026, with POSTED_LINES posted lines loaded in bulk. */
async function loadedCompany() {
  const owner = await companyOwner(gateway.url);
  const { api, base, companyId } = owner;
  const ok = async (path: string, body: unknown) => {
    const r = await api.post(`${base}${path}`, body);
    if (r.status !== 200) throw new Error(`${path}: ${r.text}`);
    return r.body;
  };
  const name = (text: string) => ({ english: text, arabic: text });
  const roots = ([['asset', 8], ['liability', 4], ['equity', 2], ['revenue', 4], ['expense', 6]] as const).map(async ([classification, count], i) => {
    const root = await ok('/Accounts', { code: String(i + 1), name: name(classification), type: 'category', classification });
    return Promise.all(Array.from({ length: count }, async (_, j) => (await ok('/Accounts', { code: `${i + 1}${j}`, name: name(`${classification} ${j}`), type: 'leaf', parentId: root.id })).id as string));
  });
  const leaves = (await Promise.all(roots)).flat();
  const centers = await Promise.all([0, 1, 2].map(async (c) => (await ok('/CostCenters', { code: `C${c}`, name: name(`C${c}`) })).id as string));
  const year = await ok('/FinancialYears', { startDate: '2026-01-01', endDate: '2026-12-31' });
  const plan = { companyId, yearId: year.id, periods: year.periods, accounts: leaves, busy: leaves[0]!, costCenters: centers, firstSerial: 100_001 };
  await load(plan, postedJournals(plan, POSTED_LINES, 11), new LedgerFold(companyId));
  const apiKey = (await ok('/ApiKeys', { name: 'soak', permissions: ['accounts:read', 'reports:read'] })).key as string;
  return { ...owner, leaves, centers, keyApi: client(gateway.url, `Bearer ${apiKey}`) };
}

type Books = Awaited<ReturnType<typeof loadedCompany>>;
/** One step of the mix: its requests, each answer checked against the statuses it may have. */
type Step = (books: Books, n: number) => Promise<Array<[ApiResponse, number[]]>>;

const get = (api: Client, path: string, expected = [200]) => api.get(path).then((r): [ApiResponse, number[]] => [r, expected]);

const MIX: Step[] = [
  async ({ api, base }) => [await get(api, `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)],
  async ({ api, base }) => [await get(api, `${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31&byCostCenter=true&compare=PreviousYear`)],
  async ({ api, base }) => [await get(api, `${base}/Reports/BalanceSheet?date=2026-09-17&compareDate=2026-03-31`)],
  async ({ api, base, leaves }) => {
    const first = await api.get(`${base}/Reports/GeneralLedger?accountId=${leaves[0]}&dateFrom=2026-01-01&dateTo=2026-12-31&pageSize=50`);
    const next = await get(api, `${base}/Reports/GeneralLedger?accountId=${leaves[0]}&dateFrom=2026-01-01&dateTo=2026-12-31&pageSize=50&page=${encodeURIComponent(first.body.nextPage)}`);
    return [[first, [200]], next];
  },
  async ({ api, base }) => [await get(api, `${base}/Journals?pageSize=50&orderBy=Date`)],
  async ({ keyApi, base }) => [await get(keyApi, `${base}/Accounts?pageSize=50`)],
  async ({ api, base, leaves, centers }, n) => {
    const key = { 'Idempotency-Key': randomUUID() };
    const body = { date: '2026-05-05T10:00:00Z', description: `Soak ${n}`, entries: [{ accountId: leaves[1], side: 1, amount: 12.5, costCenterId: centers[n % 3] }, { accountId: leaves[14], side: 2, amount: 12.5 }] };
    const created = await api.post(`${base}/Journals`, body, key);
    const replayed = await api.post(`${base}/Journals`, body, key);
    const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-05-06', version: created.body.version }, { 'Idempotency-Key': randomUUID() });
    return [[created, [200]], [replayed, [200]], [posted, [200]]];
  },
  async ({ keyApi, base, centers }, n) => [await get(keyApi, `${base}/Reports/TrialBalance?dateFrom=2026-02-11&dateTo=2026-10-20&costCenterId=${centers[n % 3]}`)],
  async ({ api, base }) => {
    const stored = await api.post(`${base}/Reports`, { kind: 'IncomeStatement', parameters: { dateFrom: '2026-01-01', dateTo: '2026-06-30' } });
    return [[stored, [200]], await get(api, `${base}/Reports/${stored.body.id}`)];
  },
  async ({ api, base }) => [await get(api, `${base}/Events?pageSize=50`), await get(api, `${base}/CostCenters`)],
  // Refusals take the error path: a bad range, an unknown journal, a caller without access.
  async ({ api, keyApi, base }) => [
    await get(api, `${base}/Reports/TrialBalance?dateFrom=2026-05-01&dateTo=2026-04-01`, [400]),
    await get(api, `${base}/Journals/${randomUUID()}`, [404]),
    await get(keyApi, `${base}/Journals`, [403]),
  ],
];

describe('the local gateway under a long mixed load', () => {
  it(`levels off in resident memory and heap over ${REQUESTS} requests`, { timeout: 120_000 + REQUESTS * 60 }, async () => {
    // Arrange
    const books = await loadedCompany();
    const unexpected: string[] = [];
    let sent = 0;
    let step = 0;
    const lane = async (until: number) => {
      while (sent < until) {
        const n = step++;
        for (const [response, expected] of await MIX[n % MIX.length]!(books, n)) {
          sent++;
          if (!expected.includes(response.status)) unexpected.push(`${response.sent.method} ${response.sent.path}: ${response.status} ${response.text.slice(0, 200)}`);
        }
      }
    };
    const sample = (round: number, started: number) => {
      collectGarbage();
      const { rss, heapUsed } = process.memoryUsage();
      return { round, requests: sent, rssMB: megabytes(rss), heapAfterGcMB: megabytes(heapUsed), seconds: Math.round((performance.now() - started) / 100) / 10 };
    };

    // Act
    const started = performance.now();
    const samples = [sample(0, started)];
    for (let round = 1; round <= ROUNDS; round++) {
      const until = Math.round((REQUESTS * round) / ROUNDS);
      await Promise.all(Array.from({ length: LANES }, () => lane(until)));
      samples.push(sample(round, started));
    }
    console.table(samples);

    // Assert
    expect(unexpected).toEqual([]);
    const half = samples[ROUNDS / 2]!;
    const last = samples[ROUNDS]!;
    expect(last.heapAfterGcMB - half.heapAfterGcMB, 'heap growth over the second half (MB)').toBeLessThan(MAX_HEAP_GROWTH_MB);
    expect(last.rssMB - half.rssMB, 'resident memory growth over the second half (MB)').toBeLessThan(MAX_RSS_GROWTH_MB);
  });
});
