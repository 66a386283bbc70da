import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';
import { writeTally } from './write-units.ts';

/**
 * Recurring journals due at once. One company with a small chart and the year 2026, then
 * BENCH_SCHEDULES (default 10,000) posting templates whose one occurrence is due on 2026-03-31,
 * created over HTTP 16 at a time; then one run of the schedule worker in this process (as
 * `npm start` runs it) generates them all: its seconds, its database calls, and the journals it
 * posted, checked one per template. Beside it, BENCH_SAMPLE_JOURNALS (default 40) of the same
 * journals created and posted one request at a time (create, then post). Prints journals per
 * second of each, and the items each writes a journal with their write units (write-units.ts),
 * its events' numbering included (this stack has no dispatcher: each side numbers its own events
 * after it, outside its seconds); adds `scheduleRun` to bench/results.json.
 */
const TEMPLATES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE_JOURNALS ?? 40);
const DUE = '2026-03-31';

const stack = await startBenchStack();
const { runSchedules } = await import('../functions/ops/run-schedules.ts');
const { countingDatabaseCalls } = await import('../shared/db/table/call-count.ts');
const { db } = await import('../shared/db/table/client.ts');
const { eventFeed } = await import('../shared/db/stores/event-ports.ts');
const { numberPending } = await import('../shared/events/numbering-rules.ts');
const writes = writeTally(db());

const company = await stack.ok('POST', '/api/v1/Companies', { name: 'Schedules bench', baseCurrency: 'SAR' });
const base = `/api/v1/Companies/${company.id}`;
const root = await stack.ok('POST', `${base}/Accounts`, { code: '5', name: { arabic: 'م', english: 'Expenses' }, type: 'category', classification: 'expense' });
const rent = await stack.ok('POST', `${base}/Accounts`, { code: '5101', name: { arabic: 'إ', english: 'Rent' }, type: 'leaf', parentId: root.id });
const assets = await stack.ok('POST', `${base}/Accounts`, { code: '1', name: { arabic: 'أ', english: 'Assets' }, type: 'category', classification: 'asset' });
const bank = await stack.ok('POST', `${base}/Accounts`, { code: '1102', name: { arabic: 'ب', english: 'Bank' }, type: 'leaf', parentId: assets.id });
await stack.ok('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
const lines = (n: number) => [{ accountId: rent.id, side: 1, amount: (100 + (n % 900)).toFixed(2) }, { accountId: bank.id, side: 2, amount: (100 + (n % 900)).toFixed(2) }];

/** Runs `task(i)` for i below `count`, `width` at a time. */
async function inParallel(count: number, width: number, task: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await task(next++);
  }));
}

const seeding = performance.now();
await inParallel(TEMPLATES, 16, (i) => stack.ok('POST', `${base}/Schedules`, { description: `Template ${i}`, lines: lines(i), recurrence: { frequency: 'monthly', dayOfMonth: 'last' }, startDate: '2026-03-01', count: 1, action: 'post' }));
console.log(`${TEMPLATES} templates created in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

/** Numbers every pending event of the company (what the dispatcher does after writes in AWS and under `npm start`). */
async function numberEvents() {
  while ((await numberPending(eventFeed, company.id)) > 0);
}
await numberEvents();

/** The same journals by single requests, one at a time: create, then post; its milliseconds, and the items written with its events numbered. */
async function singleRequests(count: number) {
  let ms = 0;
  const measured = await writes.measure(async () => {
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const draft = await stack.ok('POST', `${base}/Journals`, { date: `${DUE}T00:00:00Z`, reference: `single ${i}`, entries: lines(i) });
      await stack.ok('POST', `${base}/Journals/${draft.id}/Post`, { postingDate: DUE, version: draft.version });
    }
    ms = performance.now() - started;
    await numberEvents();
  });
  return { ms, written: measured.written, writeUnits: measured.writeUnits };
}

const firstHalf = await singleRequests(Math.floor(SAMPLE / 2));
let runMs = 0;
const { result: { result: run, calls }, written, writeUnits } = await writes.measure(async () => {
  const started = performance.now();
  const counted = await countingDatabaseCalls(() => runSchedules({ companyId: company.id, today: DUE, limit: TEMPLATES }));
  runMs = performance.now() - started;
  await numberEvents();
  return counted;
});
const secondHalf = await singleRequests(SAMPLE - Math.floor(SAMPLE / 2));

let generated = 0;
for (let page: string | null = null, first = true; first || page; first = false) {
  const answer = await stack.ok('GET', `${base}/Journals?pageSize=100&status=posted${page ? `&page=${encodeURIComponent(page)}` : ''}`);
  generated += answer.results.filter((j: { reference: string }) => j.reference.startsWith('schedule ')).length;
  page = answer.nextPage;
}
const singleMs = (firstHalf.ms + secondHalf.ms) / SAMPLE;
const perJournal = (n: number, journals: number) => Number((n / Math.max(journals, 1)).toFixed(1));
const figures = {
  templates: TEMPLATES,
  generated: run.generated,
  postedFound: generated,
  runSeconds: Number((runMs / 1000).toFixed(1)),
  journalsPerSecond: Number((run.generated / (runMs / 1000)).toFixed(1)),
  databaseCallsPerJournal: perJournal(calls, run.generated),
  itemsWrittenPerJournal: perJournal(written, run.generated),
  writeUnitsPerJournal: perJournal(writeUnits, run.generated),
  singleRequestJournalsPerSecond: Number((1000 / singleMs).toFixed(1)),
  singleRequestItemsWrittenPerJournal: perJournal(firstHalf.written + secondHalf.written, SAMPLE),
  singleRequestWriteUnitsPerJournal: perJournal(firstHalf.writeUnits + secondHalf.writeUnits, SAMPLE),
};
console.table([figures]);
if (run.generated !== TEMPLATES || run.blocked !== 0 || run.deferred !== 0) throw new Error(`the run generated ${run.generated} of ${TEMPLATES} (blocked ${run.blocked}, deferred ${run.deferred})`);
saveResults({ scheduleRun: { measuredAt: new Date().toISOString(), ...figures } });
await stack.stop();
