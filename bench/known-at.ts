import type { BenchStack } from './local-stack.ts';
import { percentile } from './percentile.ts';
import { smallCompany } from './small-company.ts';

/**
 * The cost of `knownAt` on a trial balance (docs/decisions.md, Audit): a company loaded through
 * bench/fast-load.ts with BENCH_KNOWN_AT_LINES (default 100,000) lines, two per posted journal,
 * over 100 accounts and 12 periods, each journal with the book change numbering records for it,
 * committed one after another over the time since the company was created, and summarized in
 * blocks of `BOOK_SUMMARY_LINES` lines (default 1,000) as numbering does; then 10 journals posted
 * through the service, which the open stretch of summaries holds. The year's trial
 * balance over HTTP, plain and as known at instants with 1%, 10%, 40% and 90% of the changes after
 * them, each the median of 5 reads after one unmeasured; ratios to plain. Target: at most 3x.
 */
const LINES = Number(process.env.BENCH_KNOWN_AT_LINES ?? 100_000);
const LEAVES = 100;
const READS = 5;
/** Journals posted through the service after the load: the open stretch of summaries. */
const RECENT = 10;

export async function benchKnownAt(stack: BenchStack) {
  const { load, postedJournals } = await import('./fast-load.ts');
  const { LedgerFold } = await import('../shared/db/ledger/ledger-fold.ts');
  const { postingFigures } = await import('../shared/journals/posting-figures.ts');
  const { bulkWrite } = await import('../shared/db/table/batch-write.ts');
  const { bookChange } = await import('../shared/audit/book-changes.ts');
  const { bookChangeOp } = await import('../shared/db/stores/book-change-store.ts');
  const { numberPending } = await import('../shared/events/numbering-rules.ts');
  const { eventFeed } = await import('../shared/db/stores/event-ports.ts');
  const sequenceEvents = (companyId: string) => numberPending(eventFeed, companyId);
  const { blockOp, openSpanOp } = await import('../shared/db/stores/book-summary-store.ts');
  const { openSpan } = await import('../shared/db/stores/open-span.ts');
  const { sealBlocks, SUMMARY_FORM } = await import('../shared/audit/book-summaries.ts');
  const { config } = await import('../shared/config.ts');
  const { eventHead } = await import('../shared/db/events/event-store.ts');
  const keys = await import('../shared/db/table/keys.ts');
  const { mainTable } = await import('../shared/db/table/table-ops.ts');
  const { transactWrite } = await import('../shared/db/table/transact.ts');

  const { companyId, createdAt, base, accounts, year } = await smallCompany(stack, 'Known at Co', LEAVES);
  while ((await sequenceEvents(companyId)) > 0);
  const plan = { companyId, yearId: year.id as string, periods: year.periods, accounts, busy: accounts[0]!, costCenters: [], firstSerial: 1 };
  const journals = [...postedJournals(plan, LINES, 11)];
  // The journals committed one after another between the company's creation and now.
  const from = createdAt + 1;
  const span = Date.now() - from;
  const committedAt = (i: number) => new Date(from + Math.floor((i * span) / journals.length)).toISOString();
  const loadStarted = performance.now();
  await load(plan, journals, new LedgerFold(plan.companyId, postingFigures));
  // Numbered after the company's own events (the counter moved past them: their events are not written, so the company
  // does not verify), and summarized in blocks as numbering does (audit/record-summaries.ts).
  const open = await openSpan(companyId);
  const first = (await eventHead(companyId)).next;
  if (!open || open.toSequence !== first - 1) throw new Error('the open stretch of summaries does not reach the last event numbered');
  const changes = journals.map((journal, i) => bookChange({ occurredAt: committedAt(i), sequence: first + i, type: 'JournalPosted' }, 1, journal, false));
  const { sealed, open: left } = sealBlocks({ span: open, changes: [] }, changes, first + changes.length - 1, config.bookSummaryLines);
  const itemOf = (op: { item: { Put?: { Item?: Record<string, unknown> } } }) => ({ put: op.item.Put!.Item as Record<string, unknown> });
  await bulkWrite(changes.map((change) => itemOf(bookChangeOp(companyId, change, 0))));
  await bulkWrite([...sealed.map((block) => itemOf(blockOp(companyId, block, SUMMARY_FORM))), itemOf(openSpanOp(companyId, left, open, SUMMARY_FORM))]);
  await transactWrite([mainTable.update(keys.eventSequence(companyId), { expression: 'SET #next = :next', names: { '#next': 'next' }, values: { ':next': first + changes.length } })]);
  // A few journals posted through the service since, as a company's books have: numbered, they are the open stretch, not
  // yet a block. The trial balance just before them is what the report as known at that moment must answer.
  const beforeRecent = await stack.ok('GET', `${base}/Reports/TrialBalance?financialYearId=${year.id}`);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const recentFrom = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 5));
  for (let i = 0; i < RECENT; i++) {
    const entries = [{ accountId: accounts[0], side: 1, amount: 10 + i }, { accountId: accounts[1], side: 2, amount: 10 + i }];
    const draft = await stack.ok('POST', `${base}/Journals`, { date: '2026-06-15T10:00:00Z', entries });
    await stack.ok('POST', `${base}/Journals/${draft.id}/Post`, { postingDate: '2026-06-15', version: draft.version });
  }
  while ((await sequenceEvents(companyId)) > 0);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  async function timed(knownAt?: string) {
    const path = `${base}/Reports/TrialBalance?financialYearId=${year.id}${knownAt ? `&knownAt=${encodeURIComponent(knownAt)}` : ''}`;
    let body: any;
    await stack.ok('GET', path);
    const runs: number[] = [];
    for (let i = 0; i < READS; i++) {
      const t = performance.now();
      body = await stack.ok('GET', path);
      runs.push(performance.now() - t);
    }
    return { ms: percentile(runs, 50), body };
  }
  const plain = await timed();
  const known = await stack.ok('GET', `${base}/Reports/TrialBalance?financialYearId=${year.id}&knownAt=${encodeURIComponent(recentFrom)}`);
  if (JSON.stringify(known) !== JSON.stringify(beforeRecent)) throw new Error('the trial balance as known before the recent journals is not the one read then');
  console.log(`loaded ${LINES} lines in ${loadSeconds.toFixed(1)} s; plain trial balance ${plain.ms.toFixed(0)} ms`);
  const instants = [
    { label: 'recent (1% of changes after)', after: 0.01 },
    { label: 'recent tenth (10% after)', after: 0.1 },
    { label: 'mid (40% after)', after: 0.4 },
    // More than a report takes back one by one (MAX_LINES_TAKEN_BACK): only blocks of summaries reach it.
    { label: 'far (90% after)', after: 0.9 },
  ];
  const rows = [{ report: 'trial balance, plain', changesAfter: 0, linesTakenBack: 0, medianMs: Math.round(plain.ms), overPlain: 1 }];
  for (const { label, after } of instants) {
    // Just before the first journal of the last `after` share.
    const first = Math.floor(journals.length * (1 - after));
    const knownAt = new Date(Date.parse(committedAt(first)) - 1).toISOString();
    const changesAfter = journals.length - journals.findIndex((_, i) => committedAt(i) > knownAt) + RECENT;
    const { ms, body } = await timed(knownAt);
    if (body.totals.closing.debit !== body.totals.closing.credit) throw new Error(`the trial balance known at ${knownAt} does not balance`);
    rows.push({ report: `trial balance, knownAt ${label}`, changesAfter, linesTakenBack: changesAfter * 2, medianMs: Math.round(ms), overPlain: Number((ms / plain.ms).toFixed(2)) });
    console.log(rows.at(-1));
  }
  console.table(rows);
  for (const row of rows.slice(1)) console.log(`${row.report}: x${row.overPlain} of plain (target at most 3): ${row.overPlain <= 3 ? 'met' : 'not met'}`);
  return { lines: LINES, accounts: LEAVES, periods: year.periods.length, loadSeconds: Number(loadSeconds.toFixed(1)), rows };
}

// Run alone (`tsx bench/known-at.ts`): its own stack, and its figures added to bench/results.json.
if (process.argv[1]?.endsWith('known-at.ts')) {
  const { startBenchStack } = await import('./local-stack.ts');
  const { saveResults } = await import('./results-file.ts');
  const stack = await startBenchStack();
  saveResults({ auditKnownAt: await benchKnownAt(stack) });
  await stack.stop();
}
