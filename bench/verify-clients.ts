import { randomUUID } from 'node:crypto';
import type { BenchStack } from './local-stack.ts';
import { percentile } from './percentile.ts';
import { smallCompany } from './small-company.ts';
import { verifyCompany } from './verify-company.ts';

/**
 * Verify of a large company by several clients at once, each following `nextPage` to the end
 * over HTTP (docs/decisions.md, Audit, "Verify in pages"), while another company's client reads
 * its journals. BENCH_VERIFY_CLIENTS_EVENTS (default 25,000) events loaded as for Verify's speed
 * (bench/verify-company.ts); 4 clients: two with the user's token, two with `audit:read` API
 * keys. A client refused with 429 (the company's runs at once) or 503 waits Retry-After and asks
 * again. Reports each Verify request's p50/p99/max, the 429s and 503s, and the other company's
 * GET p99 alone (BENCH_VERIFY_IDLE_SECONDS, default 5) and during the runs.
 */
const EVENTS = Number(process.env.BENCH_VERIFY_CLIENTS_EVENTS ?? 25_000);
const CLIENTS = 4;
const IDLE_SECONDS = Number(process.env.BENCH_VERIFY_IDLE_SECONDS ?? 5);

/** Follows `nextPage` from a first Verify to the end; every request's time and status. */
export async function verifyToTheEnd(stack: BenchStack, base: string, headers: Record<string, string> = {}) {
  const requests: Array<{ ms: number; status: number }> = [];
  let page: string | null = null;
  for (;;) {
    const t = performance.now();
    const r = await stack.call('GET', `${base}/Audit/Verify${page ? `?page=${encodeURIComponent(page)}` : ''}`, undefined, headers);
    requests.push({ ms: performance.now() - t, status: r.status });
    if (r.status === 429 || r.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, Number(r.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (r.status !== 200) throw new Error(`Verify: ${r.status} ${r.text}`);
    page = r.body.nextPage;
    if (!page) return { requests, answer: r.body as { verified: boolean; checked: number; reason: string | null } };
  }
}

/** The other company's GET, timed, until `running()` says stop (at least one). */
async function neighbourReads(stack: BenchStack, base: string, running: () => boolean): Promise<number[]> {
  const times: number[] = [];
  do {
    const t = performance.now();
    await stack.ok('GET', `${base}/Journals?pageSize=20`);
    times.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (running());
  return times;
}

const round = (ms: number) => Math.round(ms);

export async function benchVerifyClients(stack: BenchStack) {
  const loaded = await verifyCompany(stack, 'Verify Clients Co', EVENTS);
  const base = `/api/v1/Companies/${loaded.books.companyId}`;
  const neighbour = await smallCompany(stack, 'Neighbour Co');
  const [cash, sales] = neighbour.accounts as [string, string];
  for (let i = 0; i < 20; i++) {
    const created = await stack.ok('POST', `${neighbour.base}/Journals`, { date: '2026-03-02T10:00:00Z', entries: [{ accountId: cash, side: 1, amount: 5 }, { accountId: sales, side: 2, amount: 5 }] });
    await stack.ok('POST', `${neighbour.base}/Journals/${created.id}/Post`, { postingDate: '2026-03-02', version: created.version });
  }
  const keys = await Promise.all([1, 2].map(async (n) => (await stack.ok('POST', `${base}/ApiKeys`, { name: `auditor ${n} ${randomUUID()}`, permissions: ['audit:read'] })).key as string));
  const credentials: Array<Record<string, string>> = [{}, {}, ...keys.map((key) => ({ authorization: `Bearer ${key}` }))];

  const idleUntil = performance.now() + IDLE_SECONDS * 1000;
  const idle = await neighbourReads(stack, neighbour.base, () => performance.now() < idleUntil);

  let running = true;
  const started = performance.now();
  const busy = neighbourReads(stack, neighbour.base, () => running);
  const runs = await Promise.all(
    credentials.map(async (headers) => {
      const run = await verifyToTheEnd(stack, base, headers);
      return { ...run, seconds: (performance.now() - started) / 1000 };
    }),
  );
  running = false;
  const during = await busy;

  const requests = runs.flatMap((r) => r.requests);
  const answered = requests.filter((r) => r.status === 200).map((r) => r.ms);
  const result = {
    events: EVENTS,
    clients: CLIENTS,
    pageEvents: Number(process.env.VERIFY_PAGE_EVENTS || 5_000),
    pageMs: Number(process.env.VERIFY_PAGE_MS || 4_000),
    requests: requests.length,
    answered200: answered.length,
    refused429: requests.filter((r) => r.status === 429).length,
    unavailable503: requests.filter((r) => r.status === 503).length,
    verifyP50Ms: round(percentile(answered, 50)),
    verifyP99Ms: round(percentile(answered, 99)),
    verifyMaxMs: round(Math.max(...answered)),
    slowestRunSeconds: Number(Math.max(...runs.map((r) => r.seconds)).toFixed(1)),
    allVerified: runs.every((r) => r.answer.verified && r.answer.checked >= EVENTS),
    neighbourIdleP99Ms: round(percentile(idle, 99)),
    neighbourBusyP99Ms: round(percentile(during, 99)),
    neighbourBusyMaxMs: round(Math.max(...during)),
    neighbourBusyReads: during.length,
  };
  console.table([result]);
  console.log(
    `Verify of ${EVENTS} events by ${CLIENTS} clients following nextPage: request p99 ${result.verifyP99Ms} ms (max ${result.verifyMaxMs}), ${result.unavailable503} answered 503, ${result.refused429} refused 429; another company's GET p99 ${result.neighbourIdleP99Ms} ms idle, ${result.neighbourBusyP99Ms} ms during`,
  );
  return result;
}

// Run alone (`tsx bench/verify-clients.ts`): its own stack, and its figures added to bench/results.json.
if (process.argv[1]?.endsWith('verify-clients.ts')) {
  const { startBenchStack } = await import('./local-stack.ts');
  const { saveResults } = await import('./results-file.ts');
  const stack = await startBenchStack();
  saveResults({ auditVerifyClients: await benchVerifyClients(stack) });
  await stack.stop();
}
