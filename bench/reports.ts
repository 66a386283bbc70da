import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';
import type { PostedJournal } from '../shared/journals/records.ts';
import { CREDIT, DEBIT } from '../shared/journals/rules.ts';
import { postingFigures } from '../shared/journals/posting-figures.ts';

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
 * And the same books taxed (a third company, registered in Saudi Arabia with its standard tax
 * codes, loaded at each size up to BENCH_TAXED_LINES, default 100,000): half its journals a sale
 * or purchase naming S-STD or P-STD (15%), each then with its tax line, so its balance items carry
 * the VAT return's figures and its tax ledger holds an entry per taxed journal, as posting writes
 * them. Timed in the same runs: its year trial balance (target within 1.25x of the base-only
 * one), and its VAT return of the year and of one month (target: no entry line read, the tax
 * ledger's counted as entry lines too); the year return's net due is checked against the tax
 * the loaded lines carry.
 * Prints a table and adds `reports` to bench/results.json.
 */
const SIZES = (process.env.BENCH_LINES ?? '10000,100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 9);
/** The foreign-currency company is loaded alongside up to this many lines (its trial balance timed at each size up to it). */
const FOREIGN_LINES = Number(process.env.BENCH_FOREIGN_LINES ?? 100_000);
/** Likewise the taxed company (lines as sent: its tax lines come on top). */
const TAXED_LINES = Number(process.env.BENCH_TAXED_LINES ?? 100_000);

const stack = await startBenchStack();
const call = stack.ok;
const { db } = await import('../shared/db/table/client.ts');
const { load, postedJournals } = await import('./fast-load.ts');
const { LedgerFold } = await import('../shared/db/ledger/ledger-fold.ts');
const { getTaxCodesByCode } = await import('../shared/db/stores/tax-code-store.ts');
const { accountNodes } = await import('../shared/db/stores/nodes/kind-stores.ts');
const { fromMils, toMils } = await import('../shared/money/mils.ts');

// Every item DynamoDB hands back to the service, and how many of them are entry lines.
const reads = { items: 0, lines: 0 };
const client = db();
const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
client.send = (async (command: unknown) => {
  const output = (await send(command)) as { Items?: Array<Record<string, unknown>>; Item?: Record<string, unknown>; Responses?: Record<string, Array<Record<string, unknown>>> };
  const items = [...(output.Items ?? []), ...(output.Item ? [output.Item] : []), ...Object.values(output.Responses ?? {}).flat()];
  reads.items += items.length;
  reads.lines += items.filter((i) => i.entity === 'Journal' || i.entity === 'LedgerEntry' || i.entity === 'TaxLedgerEntry').length;
  return output;
}) as typeof client.send;

// A company: a chart of 60 leaves under five roots, 5 cost centers, the year 2026.
async function benchCompany(name: string) {
  const company = await call('POST', '/api/v1/Companies', { name, baseCurrency: 'SAR' });
  const base = `/api/v1/Companies/${company.id}`;
  const leaves: string[] = [];
  const roots: Record<string, string> = {};
  const byClassification: Record<string, string[]> = {};
  for (const [i, [classification, count]] of ([['asset', 20], ['liability', 10], ['equity', 5], ['revenue', 10], ['expense', 15]] as const).entries()) {
    const root = await call('POST', `${base}/Accounts`, { code: String(i + 1), name: { english: classification, arabic: classification }, type: 'category', classification });
    roots[classification] = root.id;
    byClassification[classification] = [];
    for (let j = 0; j < count; j++) {
      const leaf = (await call('POST', `${base}/Accounts`, { code: `${i + 1}${String(j).padStart(3, '0')}`, name: { english: `${classification} ${j}`, arabic: `${classification} ${j}` }, type: 'leaf', parentId: root.id })).id;
      leaves.push(leaf);
      byClassification[classification]!.push(leaf);
    }
  }
  const centers: string[] = [];
  for (let c = 0; c < 5; c++) centers.push((await call('POST', `${base}/CostCenters`, { code: `C${c}`, name: { english: `C${c}`, arabic: `C${c}` } })).id);
  const year = await call('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  return { base, roots, byClassification, plan: { companyId: company.id as string, yearId: year.id as string, periods: year.periods, accounts: leaves, busy: leaves[0]!, costCenters: centers, firstSerial: 1 } };
}
const { base, plan } = await benchCompany('Bench Co');
// The same books with a third of the lines in USD or EUR, loaded up to FOREIGN_LINES, its trial balance timed beside the base-only one.
const foreignCompany = await benchCompany('Bench Foreign Co');
const foreignPlan = { ...foreignCompany.plan, foreign: { base: 'SAR' } };
// The same books taxed: registered in Saudi Arabia, its standard codes loaded on an output and an input VAT account.
const taxedCompany = await benchCompany('Bench Taxed Co');
const taxedPlan = await taxedBooks(taxedCompany);

/** Registers the company in SA, loads its standard codes, and reads back the codes and accounts creating a draft reads (write-journal.ts withTax). */
async function taxedBooks({ base, roots, byClassification, plan }: Awaited<ReturnType<typeof benchCompany>>) {
  const leaf = async (code: string, english: string, parentId: string) => (await call('POST', `${base}/Accounts`, { code, name: { english, arabic: english }, type: 'leaf', parentId })).id as string;
  const outputVat = await leaf('2900', 'Output VAT', roots.liability!);
  const inputVat = await leaf('1900', 'Input VAT', roots.asset!);
  const { version } = await call('GET', `${base}/Settings`);
  await call('PUT', `${base}/Settings`, { taxJurisdiction: 'SA', version });
  await call('POST', `${base}/TaxCodes/Standard`, { outputTaxAccountId: outputVat, inputTaxAccountId: inputVat });
  const settings = await call('GET', `${base}/Settings`);
  const codes = await getTaxCodesByCode(plan.companyId, ['S-STD', 'P-STD']);
  const accounts = await accountNodes.getMany(plan.companyId, [outputVat, inputVat]);
  const context = {
    baseCurrency: settings.baseCurrency,
    basePrecision: settings.decimalPrecision,
    jurisdiction: settings.taxJurisdiction,
    defaultEmirate: settings.defaultEmirate,
    codes: new Map(codes.map((c) => [c.code, c])),
    accounts: new Map(accounts.map((a) => [a.id, a])),
  };
  return { ...plan, outputVat, inputVat, taxed: { revenue: byClassification.revenue!, expense: byClassification.expense!, sale: 'S-STD', purchase: 'P-STD', context } };
}

/** What the taxed company's loads held: its entry lines (tax lines with them) and the net tax due (output less input VAT). */
const taxedTotals = { entryLines: 0, netDueMils: 0n };
function* counted(journals: Iterable<PostedJournal>) {
  for (const journal of journals) {
    taxedTotals.entryLines += journal.entries.length;
    for (const line of journal.entries) {
      if (line.accountId === taxedPlan.outputVat) taxedTotals.netDueMils += line.side === CREDIT ? toMils(line.amount) : -toMils(line.amount);
      if (line.accountId === taxedPlan.inputVat) taxedTotals.netDueMils -= line.side === DEBIT ? toMils(line.amount) : -toMils(line.amount);
    }
    yield journal;
  }
}

const reports = {
  trialBalance: `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`,
  incomeStatement: `${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31`,
  balanceSheet: `${base}/Reports/BalanceSheet?date=2026-12-31`,
  trialBalanceMidMonths: `${base}/Reports/TrialBalance?dateFrom=2026-01-16&dateTo=2026-11-15`,
  statementFirstPage: `${base}/Reports/GeneralLedger?accountId=${plan.busy}&dateFrom=2026-01-01&dateTo=2026-12-31&pageSize=100`,
  trialBalanceForeign: `${foreignCompany.base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`,
  trialBalanceTaxed: `${taxedCompany.base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`,
  vatReturnYear: `${taxedCompany.base}/Reports/VatReturn?dateFrom=2026-01-01&dateTo=2026-12-31`,
  vatReturnMonth: `${taxedCompany.base}/Reports/VatReturn?dateFrom=2026-03-01&dateTo=2026-03-31`,
} as const;
type ReportName = keyof typeof reports;
/** The reports of the companies loaded only up to their own size. */
const FOREIGN_REPORTS: ReportName[] = ['trialBalanceForeign'];
const TAXED_REPORTS: ReportName[] = ['trialBalanceTaxed', 'vatReturnYear', 'vatReturnMonth'];
type Optional = 'trialBalanceForeign' | 'trialBalanceTaxed' | 'vatReturnYear' | 'vatReturnMonth';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fold = new LedgerFold(plan.companyId, postingFigures);
const foreignFold = new LedgerFold(foreignPlan.companyId, postingFigures);
const taxedFold = new LedgerFold(taxedPlan.companyId, postingFigures);
type Timing = { medianMs: number; itemsRead: number; entryLinesRead: number };
type Row = { lines: number; loadSeconds: number; foreignLoadSeconds?: number; taxedLoadSeconds?: number; taxedEntryLines?: number } & Record<Exclude<ReportName, Optional>, Timing> & Partial<Record<Optional, Timing>>;
const results: Row[] = [];
let netDueChecked = '';
let loaded = 0;
for (const size of SIZES) {
  const started = performance.now();
  await load({ ...plan, firstSerial: loaded / 2 + 1 }, postedJournals({ ...plan, firstSerial: loaded / 2 + 1 }, size - loaded, size), fold);
  const loadSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  const foreignLoad = size <= FOREIGN_LINES ? performance.now() : undefined;
  if (foreignLoad !== undefined) await load({ ...foreignPlan, firstSerial: loaded / 2 + 1 }, postedJournals({ ...foreignPlan, firstSerial: loaded / 2 + 1 }, size - loaded, size), foreignFold);
  const foreignLoadSeconds = foreignLoad === undefined ? undefined : Number(((performance.now() - foreignLoad) / 1000).toFixed(1));
  const taxedLoad = size <= TAXED_LINES ? performance.now() : undefined;
  if (taxedLoad !== undefined) await load({ ...taxedPlan, firstSerial: loaded / 2 + 1 }, counted(postedJournals({ ...taxedPlan, firstSerial: loaded / 2 + 1 }, size - loaded, size)), taxedFold);
  const taxedLoadSeconds = taxedLoad === undefined ? undefined : Number(((performance.now() - taxedLoad) / 1000).toFixed(1));
  loaded = size;
  const timed = (Object.keys(reports) as ReportName[]).filter((name) => (!FOREIGN_REPORTS.includes(name) || size <= FOREIGN_LINES) && (!TAXED_REPORTS.includes(name) || size <= TAXED_LINES));
  if (taxedLoad !== undefined) {
    // The return sums what the loaded lines carry: its net due is output less input VAT.
    const netDue = (await call('GET', reports.vatReturnYear)).netDue as string;
    const expected = fromMils(taxedTotals.netDueMils, 2);
    netDueChecked = `${netDue} against ${expected} in the loaded tax lines: ${netDue === expected ? 'equal' : 'DIFFERENT'}`;
    if (netDue !== expected) console.log(`VAT return of the year: net due ${netDueChecked}`);
  }

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
  const row = {
    lines: size,
    loadSeconds,
    ...(foreignLoadSeconds === undefined ? {} : { foreignLoadSeconds }),
    ...(taxedLoadSeconds === undefined ? {} : { taxedLoadSeconds, taxedEntryLines: taxedTotals.entryLines }),
  } as Row;
  for (const name of timed) row[name] = { medianMs: Number(median(samples.get(name)!).toFixed(1)), ...counts.get(name)! };
  results.push(row);
  const beside = [
    ...(foreignLoadSeconds === undefined ? [] : [`the foreign-currency company in ${foreignLoadSeconds} s`]),
    ...(taxedLoadSeconds === undefined ? [] : [`the taxed company, ${taxedTotals.entryLines} lines with its tax lines, in ${taxedLoadSeconds} s`]),
  ];
  console.log(`${size} lines loaded in ${loadSeconds} s${beside.length ? ` (${beside.join('; ')})` : ''}`);
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
// Taxed books against base-only ones, and the VAT return, at the largest size the taxed company has.
const taxed = results.filter((r) => r.trialBalanceTaxed).at(-1);
if (taxed) {
  const ratio = taxed.trialBalanceTaxed!.medianMs / taxed.trialBalance.medianMs;
  verdicts.push(
    `trialBalanceTaxed: ${taxed.trialBalanceTaxed!.medianMs} ms at ${taxed.lines} lines as sent (${taxed.taxedEntryLines} with the tax lines, half the journals taxed) against ${taxed.trialBalance.medianMs} ms base-only, x${ratio.toFixed(2)} (target <= x1.25): ${ratio <= 1.25 ? 'met' : 'missed'}`,
    ...(['vatReturnYear', 'vatReturnMonth'] as const).map((name) => {
      const t = taxed[name]!;
      return `${name}: ${t.medianMs} ms at ${taxed.lines} lines, ${t.itemsRead} items read, ${t.entryLinesRead} entry lines read (target 0): ${t.entryLinesRead === 0 ? 'met' : 'missed'}`;
    }),
    `vatReturnYear net due: ${netDueChecked}`,
  );
}
for (const verdict of verdicts) console.log(verdict);

saveResults({ reports: { measuredAt: new Date().toISOString(), runs: RUNS, results, verdicts } });

await stack.stop();
process.exit(0);
