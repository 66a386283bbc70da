import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';

/**
 * Report speed at ledger size. One company, one year of monthly periods, 60 leaf accounts and
 * 5 cost centers; posted two-line journals loaded through bench/fast-load.ts until the ledger
 * holds 10,000, 100,000 and 1,000,000 entry lines (BENCH_LINES overrides, e.g. "10000,100000").
 * At each size, over HTTP through the local gateway, interleaved so machine noise falls on all
 * alike: the trial balance, income statement and balance sheet of the year, the trial balance of
 * a range with mid-month edges, and the first page (100 lines) of the busiest account's
 * statement. Items read and entry lines read (journal or ledger items) are counted on the
 * DynamoDB client. Targets: at the largest size each year report within 2x its time at the
 * smallest and under 500 ms, no entry line read; the statement's first page under 100 ms.
 * Beside it, the same books with a third of the lines in USD or EUR (another company, loaded at
 * each size up to BENCH_FOREIGN_LINES, default 100,000): its year trial balance, whose rows then
 * carry currency figures, timed in the same runs; target within 1.25x of the base-only one.
 * Prints a table and adds `reports` to bench/results.json.
 */
const SIZES = (process.env.BENCH_LINES ?? '10000,100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 9);
/** The foreign-currency company is loaded alongside up to this many lines (its trial balance timed at each size up to it). */
const FOREIGN_LINES = Number(process.env.BENCH_FOREIGN_LINES ?? 100_000);

const stack = await startBenchStack();
const call = stack.ok;
const { db } = await import('../shared/db/table/client.ts');
const { load, postedJournals } = await import('./fast-load.ts');
const { LedgerFold } = await import('../shared/db/ledger/ledger-fold.ts');

// Every item DynamoDB hands back to the service, and how many of them are entry lines.
const reads = { items: 0, lines: 0 };
const client = db();
const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
client.send = (async (command: unknown) => {
  const output = (await send(command)) as { Items?: Array<Record<string, unknown>>; Item?: Record<string, unknown>; Responses?: Record<string, Array<Record<string, unknown>>> };
  const items = [...(output.Items ?? []), ...(output.Item ? [output.Item] : []), ...Object.values(output.Responses ?? {}).flat()];
  reads.items += items.length;
  reads.lines += items.filter((i) => i.entity === 'Journal' || i.entity === 'LedgerEntry').length;
  return output;
}) as typeof client.send;

// A company: a chart of 60 leaves under five roots, 5 cost centers, the year 2026.
async function benchCompany(name: string) {
  const company = await call('POST', '/api/v1/Companies', { name, baseCurrency: 'SAR' });
  const base = `/api/v1/Companies/${company.id}`;
  const leaves: string[] = [];
  for (const [i, [classification, count]] of ([['asset', 20], ['liability', 10], ['equity', 5], ['revenue', 10], ['expense', 15]] as const).entries()) {
    const root = await call('POST', `${base}/Accounts`, { code: String(i + 1), name: { english: classification, arabic: classification }, type: 'category', classification });
    for (let j = 0; j < count; j++) {
      leaves.push((await call('POST', `${base}/Accounts`, { code: `${i + 1}${String(j).padStart(3, '0')}`, name: { english: `${classification} ${j}`, arabic: `${classification} ${j}` }, type: 'leaf', parentId: root.id })).id);
    }
  }
  const centers: string[] = [];
  for (let c = 0; c < 5; c++) centers.push((await call('POST', `${base}/CostCenters`, { code: `C${c}`, name: { english: `C${c}`, arabic: `C${c}` } })).id);
  const year = await call('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  return { base, plan: { companyId: company.id as string, yearId: year.id as string, periods: year.periods, accounts: leaves, busy: leaves[0]!, costCenters: centers, firstSerial: 1 } };
}
const { base, plan } = await benchCompany('Bench Co');
// The same books with a third of the lines in USD or EUR, loaded up to FOREIGN_LINES, its trial balance timed beside the base-only one.
const foreignCompany = await benchCompany('Bench Foreign Co');
const foreignPlan = { ...foreignCompany.plan, foreign: { base: 'SAR' } };

const reports = {
  trialBalance: `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`,
  incomeStatement: `${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31`,
  balanceSheet: `${base}/Reports/BalanceSheet?date=2026-12-31`,
  trialBalanceMidMonths: `${base}/Reports/TrialBalance?dateFrom=2026-01-16&dateTo=2026-11-15`,
  statementFirstPage: `${base}/Reports/GeneralLedger?accountId=${plan.busy}&dateFrom=2026-01-01&dateTo=2026-12-31&pageSize=100`,
  trialBalanceForeign: `${foreignCompany.base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`,
} as const;
type ReportName = keyof typeof reports;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fold = new LedgerFold(plan.companyId);
const foreignFold = new LedgerFold(foreignPlan.companyId);
type Timing = { medianMs: number; itemsRead: number; entryLinesRead: number };
const results: Array<{ lines: number; loadSeconds: number; foreignLoadSeconds?: number } & Record<Exclude<ReportName, 'trialBalanceForeign'>, Timing> & { trialBalanceForeign?: Timing }> = [];
let loaded = 0;
for (const size of SIZES) {
  const started = performance.now();
  await load({ ...plan, firstSerial: loaded / 2 + 1 }, postedJournals({ ...plan, firstSerial: loaded / 2 + 1 }, size - loaded, size), fold);
  const loadSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  const foreignLoad = size <= FOREIGN_LINES ? performance.now() : undefined;
  if (foreignLoad !== undefined) await load({ ...foreignPlan, firstSerial: loaded / 2 + 1 }, postedJournals({ ...foreignPlan, firstSerial: loaded / 2 + 1 }, size - loaded, size), foreignFold);
  const foreignLoadSeconds = foreignLoad === undefined ? undefined : Number(((performance.now() - foreignLoad) / 1000).toFixed(1));
  loaded = size;
  const timed = (Object.keys(reports) as ReportName[]).filter((name) => name !== 'trialBalanceForeign' || size <= FOREIGN_LINES);

  const samples = new Map<ReportName, number[]>(Object.keys(reports).map((name) => [name as ReportName, []]));
  const counts = new Map<ReportName, { itemsRead: number; entryLinesRead: number }>();
  for (const name of timed) await call('GET', reports[name]); // warm each handler once
  for (let run = 0; run < RUNS; run++) {
    for (const [name, path] of timed.map((n) => [n, reports[n]] as const)) {
      reads.items = 0;
      reads.lines = 0;
      const t = performance.now();
      await call('GET', path);
      samples.get(name)!.push(performance.now() - t);
      counts.set(name, { itemsRead: reads.items, entryLinesRead: reads.lines });
    }
  }
  const row = { lines: size, loadSeconds, ...(foreignLoadSeconds === undefined ? {} : { foreignLoadSeconds }) } as (typeof results)[number];
  for (const name of timed) row[name] = { medianMs: Number(median(samples.get(name)!).toFixed(1)), ...counts.get(name)! };
  results.push(row);
  console.log(`${size} lines loaded in ${loadSeconds} s${foreignLoadSeconds === undefined ? '' : ` (the foreign-currency company in ${foreignLoadSeconds} s)`}`);
  console.table(Object.fromEntries(timed.map((name) => [name, row[name]])));
}

// Targets: the year reports at the largest size against the smallest, measured in this run.
const first = results[0]!;
const last = results.at(-1)!;
const yearReports = ['trialBalance', 'incomeStatement', 'balanceSheet'] as const;
const verdicts = [
  ...yearReports.map((name) => {
    const ratio = last[name].medianMs / first[name].medianMs;
    const met = ratio <= 2 && last[name].medianMs < 500 && last[name].entryLinesRead === 0;
    return `${name}: ${last[name].medianMs} ms at ${last.lines} lines, x${ratio.toFixed(2)} of ${first.lines} lines, ${last[name].entryLinesRead} entry lines read: ${met ? 'met' : 'missed'}`;
  }),
  `statementFirstPage: ${last.statementFirstPage.medianMs} ms at ${last.lines} lines (target < 100 ms): ${last.statementFirstPage.medianMs < 100 ? 'met' : 'missed'}`,
];
// Foreign-currency books against base-only ones of the same size, at the largest size both have.
const both = results.filter((r) => r.trialBalanceForeign).at(-1);
if (both) {
  const ratio = both.trialBalanceForeign!.medianMs / both.trialBalance.medianMs;
  verdicts.push(`trialBalanceForeign: ${both.trialBalanceForeign!.medianMs} ms at ${both.lines} lines (a third foreign) against ${both.trialBalance.medianMs} ms base-only, x${ratio.toFixed(2)} (target <= x1.25): ${ratio <= 1.25 ? 'met' : 'missed'}`);
}
for (const verdict of verdicts) console.log(verdict);

saveResults({ reports: { measuredAt: new Date().toISOString(), runs: RUNS, results, verdicts } });

await stack.stop();
process.exit(0);
