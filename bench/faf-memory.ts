import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * fafMemory: the FTA audit file at ledger size. One UAE company (AED, its standard tax codes,
 * 50 counterparties) whose year holds BENCH_FAF_TAXED_LINES taxed lines (default 100,000),
 * loaded directly through bench/fast-load.ts (journal, ledger, tax ledger and balance items as
 * posting writes them): invoices and bills of four taxed lines each (a tenth of the invoices
 * credit notes), each line with its counterparty and its tax line. Then the year's file written by the
 * use case in a fresh process (bench/faf-once.ts) whose heap is bounded as in a 256 MB function,
 * into a counting sink with no cap, its resident memory sampled. Target: peak resident memory
 * under 256 MB; the listings' totals must equal the VAT return's (supplies: box 8, purchases:
 * box 11) and the general ledger's debits its credits.
 * Prints the figures and adds `fafMemory` to bench/results.json. Not part of `npm test`.
 */
const TAXED_LINES = Number(process.env.BENCH_FAF_TAXED_LINES ?? 100_000);
/** Taxed lines per invoice or bill. */
const ITEMS = 4;
const MEMORY_TARGET_MB = 256;
/** As bench/exports.ts: V8's heap bounded as in a 256 MB function (old space 192 MB, 2 x 16 MB semi-spaces). */
const LAMBDA_HEAP_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=16'];
const ROOT = resolve(import.meta.dirname, '..');
const RANGE = { dateFrom: '2026-01-01', dateTo: '2026-12-31' };

const stack = await startBenchStack();
const call = stack.ok;
const { load } = await import('./fast-load.ts');
const { LedgerFold } = await import('../shared/db/ledger/ledger-fold.ts');
const { BALANCE_SHARDS } = await import('../shared/db/ledger/balance-store.ts');
const { CREDIT, DEBIT } = await import('../shared/journals/rules.ts');
const { postingFigures } = await import('../shared/journals/posting-figures.ts');
type PostedJournal = import('../shared/journals/records.ts').PostedJournal;
type Line = import('../shared/journals/rules.ts').Line;
type Placed = import('../shared/db/ledger/placement.ts').Placed<PostedJournal>;

const company = await call('POST', '/api/v1/Companies', { name: 'FAF Bench LLC', baseCurrency: 'AED' });
const base = `/api/v1/Companies/${company.id}`;
const n = (english: string) => ({ english, arabic: english });
const root = async (code: string, english: string, classification: string) => call('POST', `${base}/Accounts`, { code, name: n(english), type: 'category', classification });
const leaf = async (code: string, english: string, parentId: string) => (await call('POST', `${base}/Accounts`, { code, name: n(english), type: 'leaf', parentId })).id as string;
const [assets, liabilities, revenue, expenses] = [await root('1', 'Assets', 'asset'), await root('2', 'Liabilities', 'liability'), await root('4', 'Revenue', 'revenue'), await root('5', 'Expenses', 'expense')];
const accounts = {
  cash: await leaf('1101', 'Cash', assets.id),
  bank: await leaf('1102', 'Bank', assets.id),
  inputVat: await leaf('1201', 'Input VAT', assets.id),
  outputVat: await leaf('2201', 'Output VAT', liabilities.id),
  sales: await leaf('4101', 'Sales', revenue.id),
  rent: await leaf('5101', 'Rent', expenses.id),
};
const settings = await call('GET', `${base}/Settings`);
await call('PUT', `${base}/Settings`, { taxJurisdiction: 'AE', taxRegistrationNumber: '100111222300003', defaultEmirate: 'DU', version: settings.version });
const year = await call('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
const codes = (await call('POST', `${base}/TaxCodes/Standard`, { outputTaxAccountId: accounts.outputVat, inputTaxAccountId: accounts.inputVat })).results as Array<{ id: string; code: string }>;
const codeId = (code: string) => codes.find((c) => c.code === code)!.id;
const parties: string[] = [];
for (let i = 0; i < 50; i++) parties.push((await call('POST', `${base}/Counterparties`, { name: n(`Party ${i} LLC`), country: i % 5 === 0 ? 'GB' : 'AE', taxRegistrationNumber: i % 5 === 0 ? null : `1002000000${String(i).padStart(5, '0')}` })).id);

const text = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
/** 5% of `cents`, rounded half away from zero (positive amounts), as the service taxes a line. */
const fivePercent = (cents: bigint) => (cents * 5n + 50n) / 100n;

/**
 * Invoices (S-STD, counted in Dubai's row 1b) and bills (P-STD, box 9) of ITEMS taxed lines each,
 * every line followed by its tax line, naming one counterparty; a tenth of the invoices credit
 * notes (sides swapped). As the service writes them: each taxed line's amount without tax, its
 * `tax`, and the tax lines after the lines sent.
 */
function* taxedJournals(count: number, seed: number): Generator<Placed> {
  const next = seededRandom(seed);
  const periods = year.periods as Array<{ id: string; startDate: string; endDate: string }>;
  const now = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    const period = periods[Math.floor(next() * periods.length)]!;
    const day = `${period.startDate.slice(0, 8)}${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    const sale = next() < 0.6;
    const creditNote = sale && next() < 0.1;
    const counterpartyId = parties[Math.floor(next() * parties.length)]!;
    const items = Array.from({ length: ITEMS }, () => BigInt(Math.floor(next() * 1_000_000) + 1));
    const taxes = items.map(fivePercent);
    const gross = items.reduce((s, c) => s + c, 0n) + taxes.reduce((s, c) => s + c, 0n);
    const [code, boxes, account, taxAccount, counter] = sale ? (['S-STD', ['1b'], accounts.sales, accounts.outputVat, accounts.cash] as const) : (['P-STD', ['9'], accounts.rent, accounts.inputVat, accounts.bank] as const);
    const own = sale ? CREDIT : DEBIT;
    const side = creditNote ? (own === CREDIT ? DEBIT : CREDIT) : own;
    const other = side === DEBIT ? CREDIT : DEBIT;
    const counterLine: Line = { accountId: counter, costCenterId: null, side: other, amount: text(gross) };
    const first = sale ? 1 : 0;
    const taxed: Line[] = items.map((cents, k) => ({
      accountId: account, costCenterId: null, side, amount: text(cents), counterpartyId,
      tax: { taxCodeId: codeId(code), code, kind: 'standard', direction: sale ? 'supplies' : 'purchases', percent: '5', taxAmount: text(taxes[k]!), baseBoxes: [...boxes], taxBoxes: [...boxes], ...(sale ? { emirate: 'DU' as const } : {}) },
    }));
    const taxLines: Line[] = taxes.map((cents, k) => ({ accountId: taxAccount, costCenterId: null, side, amount: text(cents), counterpartyId, taxOf: first + k }));
    const entries = sale ? [counterLine, ...taxed, ...taxLines] : [...taxed, ...taxLines, counterLine];
    yield {
      id: randomUUID(),
      serialNumber: 1 + i,
      date: `${day}T09:00:00Z`,
      calendarDate: day,
      description: `${creditNote ? 'Credit note' : sale ? 'Invoice' : 'Bill'} ${i}`,
      reference: `${sale ? 'INV' : 'BILL'}-${i}`,
      entries,
      status: 'posted',
      postingDate: day,
      financialYearId: year.id,
      periodId: period.id,
      balanceShard: Math.floor(next() * BALANCE_SHARDS),
      version: 2,
      createdAt: now,
      updatedAt: now,
    };
  }
}

const journals = Math.ceil(TAXED_LINES / ITEMS);
const loading = performance.now();
await load({ companyId: company.id } as never, taxedJournals(journals, 20260401), new LedgerFold(company.id, postingFigures));
const loadSeconds = Number(((performance.now() - loading) / 1000).toFixed(1));
console.log(`${journals * ITEMS} taxed lines (${journals} journals, ${journals * (2 * ITEMS + 1)} ledger lines) loaded in ${loadSeconds} s`);

const { stdout } = await promisify(execFile)(process.execPath, [...LAMBDA_HEAP_FLAGS, '--import', 'tsx', resolve(ROOT, 'bench/faf-once.ts'), company.id, RANGE.dateFrom, RANGE.dateTo], { cwd: ROOT, env: process.env, maxBuffer: 2 ** 20 });
const measured = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
  ms: number;
  bytes: number;
  rssBeforeMb: number;
  peakRssMb: number;
  maxRssMb: number;
  totals: { purchases: { amount: string; tax: string; count: number }; supplies: { amount: string; tax: string; count: number }; ledger: { debit: string; credit: string; count: number } };
};

// The totals against the VAT return of the same range, read through the API.
const vat = await call('GET', `${base}/Reports/VatReturn?dateFrom=${RANGE.dateFrom}&dateTo=${RANGE.dateTo}`);
const box = (id: string) => (vat.boxes as Array<{ box: string; amount: string | null; tax: string | null }>).find((b) => b.box === id)!;
const { totals } = measured;
const checks = {
  suppliesEqualBox8: totals.supplies.amount === box('8').amount && totals.supplies.tax === box('8').tax && totals.supplies.tax === box('12').tax,
  purchasesEqualBox11: totals.purchases.amount === box('11').amount && totals.purchases.tax === box('11').tax && totals.purchases.tax === box('13').tax,
  everyTaxedLine: totals.supplies.count + totals.purchases.count === journals * ITEMS,
  ledgerBalances: totals.ledger.debit === totals.ledger.credit && totals.ledger.count === journals * (2 * ITEMS + 1),
};
const met = measured.peakRssMb < MEMORY_TARGET_MB && Object.values(checks).every(Boolean);
const verdict = `fafMemory: ${journals * ITEMS} taxed lines, ${totals.ledger.count} ledger lines, ${(measured.bytes / 2 ** 20).toFixed(1)} MB file in ${measured.ms} ms; peak resident memory ${measured.peakRssMb} MB sampled (${measured.maxRssMb} MB by the kernel), target < ${MEMORY_TARGET_MB} MB; totals equal the VAT return's: ${checks.suppliesEqualBox8 && checks.purchasesEqualBox11}: ${met ? 'met' : 'missed'}`;
console.table([{ taxedLines: journals * ITEMS, ledgerLines: totals.ledger.count, ms: measured.ms, megabytes: Number((measured.bytes / 2 ** 20).toFixed(1)), rssBeforeMb: measured.rssBeforeMb, peakRssMb: measured.peakRssMb, maxRssMb: measured.maxRssMb, targetMb: `< ${MEMORY_TARGET_MB}` }]);
console.table([{ file: 'supplies', amount: totals.supplies.amount, tax: totals.supplies.tax, rows: totals.supplies.count }, { file: 'VAT return box 8', amount: box('8').amount, tax: box('8').tax }, { file: 'purchases', amount: totals.purchases.amount, tax: totals.purchases.tax, rows: totals.purchases.count }, { file: 'VAT return box 11', amount: box('11').amount, tax: box('11').tax }]);
console.log(checks);
console.log(verdict);

saveResults({ fafMemory: { measuredAt: new Date().toISOString(), taxedLines: journals * ITEMS, loadSeconds, ...measured, targetMb: MEMORY_TARGET_MB, checks, verdict } });
await stack.stop();
process.exit(0);
