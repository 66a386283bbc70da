import { randomUUID } from 'node:crypto';
import { benchKnownAt } from './known-at.ts';
import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';
import { smallCompany } from './small-company.ts';
import { percentile } from './percentile.ts';
import { verifyCompany } from './verify-company.ts';
import { verifyToTheEnd } from './heavy-readers.ts';

/**
 * The audit chain's cost and Verify's speed (docs/decisions.md, Audit).
 * 1. Posting throughput with 16 clients, the chain on and off (AUDIT_CHAIN, read by the
 *    sequencer as it numbers): each phase on a fresh company, 16 clients creating and posting
 *    two-line journals over HTTP for BENCH_AUDIT_SECONDS (default 15) while two numberers
 *    number the company's events as they commit (what the stream function does in AWS).
 *    Off, on, off, on after an unmeasured warm-up; the ratio compares the means. Target: on
 *    within 5% of off. The "on" companies must verify.
 * 2. Verify's speed: a company loaded through bench/fast-load.ts with BENCH_VERIFY_EVENTS
 *    (default 100,000) events, two per posted journal (created, posted) with their journals,
 *    ledger entries and balances, numbered and chained by the sequencer's own code; Verify
 *    (the use case GET .../Audit/Verify runs) timed 3 times (median), in events per second.
 *    Target: at least 20,000.
 *    (One request: its page budget is set past the company for this part.)
 * 3. The cost of `knownAt` on a trial balance at 100,000 lines (bench/known-at.ts; alone:
 *    `tsx bench/known-at.ts`). Target: at most 3x the plain report.
 * Prints tables and adds `audit` and `auditKnownAt` to bench/results.json. Verify by several
 * clients at once, beside exports, is bench/heavy-readers.ts.
 */
const SECONDS = Number(process.env.BENCH_AUDIT_SECONDS ?? 15);
const VERIFY_EVENTS = Number(process.env.BENCH_VERIFY_EVENTS ?? 100_000);
const CLIENTS = 16;

const stack = await startBenchStack();
const { numberPending } = await import('../shared/events/numbering-rules.ts');
const { eventFeed } = await import('../shared/db/stores/event-ports.ts');
const sequenceEvents = (companyId: string) => numberPending(eventFeed, companyId);
const { verifyAudit } = await import('../shared/audit/verify.ts');
const { auditVerifying } = await import('../shared/db/stores/audit-verify-ports.ts');

/** 16 clients posting for `seconds` while two numberers keep up, with the chain on or off. */
async function postingPhase(chain: boolean, seconds = SECONDS) {
  process.env.AUDIT_CHAIN = chain ? 'on' : 'off';
  const books = await smallCompany(stack, `Audit ${chain ? 'on' : 'off'}`);
  const [cash, sales] = books.accounts as [string, string];
  let running = true;
  let numbered = 0;
  const numberer = async () => {
    while (running) {
      numbered += await sequenceEvents(books.companyId);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const numberers = [numberer(), numberer()];
  const latencies: number[] = [];
  let posted = 0;
  let refused = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const entries = [{ accountId: cash, side: 1, amount: 1.25 }, { accountId: sales, side: 2, amount: 1.25 }];
        const created = await stack.call('POST', `${books.base}/Journals`, { date: '2026-06-15T10:00:00Z', entries }, { 'idempotency-key': randomUUID() });
        const post = created.status === 200 ? await stack.call('POST', `${books.base}/Journals/${created.body.id}/Post`, { postingDate: '2026-06-15', version: created.body.version }) : created;
        if (post.status !== 200) {
          refused++;
          continue;
        }
        latencies.push(performance.now() - t);
        posted++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(numberers);
  while ((await sequenceEvents(books.companyId)) > 0);
  return {
    chain: chain ? 'on' : 'off',
    journalsPerSecond: Number((posted / elapsed).toFixed(1)),
    p50Ms: Number(percentile(latencies, 50).toFixed(0)),
    p99Ms: Number(percentile(latencies, 99).toFixed(0)),
    eventsNumberedPerSecond: Number((numbered / elapsed).toFixed(1)),
    refused,
    companyBase: books.base,
  };
}

await postingPhase(true, 2);
const phases: Array<Awaited<ReturnType<typeof postingPhase>>> = [];
for (const chain of [false, true, false, true]) phases.push(await postingPhase(chain));
process.env.AUDIT_CHAIN = 'on';
const mean = (chain: string) => phases.filter((p) => p.chain === chain).reduce((s, p) => s + p.journalsPerSecond, 0) / 2;
const ratio = mean('on') / mean('off');
const chainedVerified = await Promise.all(phases.filter((p) => p.chain === 'on').map(async (p) => (await verifyToTheEnd(stack, p.companyBase)).answer.verified));
console.table(phases.map(({ companyBase: _base, ...p }) => p));
console.log(`posting with the chain on: x${ratio.toFixed(3)} of off (target at least 0.95); chained companies verify: ${chainedVerified.every(Boolean)}`);

// Verify's speed over VERIFY_EVENTS events, in one request (its budget set past the company).
const loaded = await verifyCompany(stack, 'Audit Verify Co', VERIFY_EVENTS);
const loadSeconds = loaded.loadSeconds;
process.env.VERIFY_PAGE_EVENTS = String(10 * VERIFY_EVENTS);
process.env.VERIFY_PAGE_MS = String(3_600_000);
const runs: number[] = [];
let answer: Record<string, unknown> = {};
for (let run = 0; run < 3; run++) {
  const t = performance.now();
  // The use case itself (what GET .../Audit/Verify runs), so a database failure shows its cause.
  answer = await verifyAudit(auditVerifying, loaded.books.companyId, { fromSequence: loaded.firstLoaded });
  runs.push((performance.now() - t) / 1000);
}
delete process.env.VERIFY_PAGE_EVENTS;
delete process.env.VERIFY_PAGE_MS;
const seconds = percentile(runs, 50);
const verify = {
  events: answer.checked as number,
  verified: answer.verified as boolean,
  loadSeconds: Number(loadSeconds.toFixed(1)),
  medianSeconds: Number(seconds.toFixed(2)),
  eventsPerSecond: Math.round((answer.checked as number) / seconds),
};
console.table([verify]);
console.log(`verification: ${verify.eventsPerSecond} events/s over ${verify.events} events (target at least 20,000), verified: ${verify.verified}${verify.verified ? '' : ` (${String(answer.reason)})`}`);

saveResults({
  audit: {
    posting: { clients: CLIENTS, seconds: SECONDS, phases: phases.map(({ companyBase: _base, ...p }) => p), chainOnOverOff: Number(ratio.toFixed(3)), chainedCompaniesVerify: chainedVerified.every(Boolean) },
    verify,
  },
});
// 3. The cost of knownAt on a trial balance (bench/known-at.ts).
saveResults({ auditKnownAt: await benchKnownAt(stack) });
await stack.stop();
