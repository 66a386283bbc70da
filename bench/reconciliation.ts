import { startBenchStack } from './local-stack.ts';
import { saveResults } from './results-file.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * Automatic matching against matching by hand, one request per pair. One company: a bank
 * account with BENCH_RECON_LEDGER (default 20,000) posted lines, imported as journals, and one
 * MT940 statement of BENCH_RECON_STATEMENT (default 10,000) lines over 2026, each naming the
 * reference of its journal in its text, booked 0 to 2 days after it (journals imported always
 * carry a reference, so the amount-and-date rule has nothing here: the property test covers it);
 * the other ledger lines are outstanding, each with a reference no statement line carries. First BENCH_RECON_SAMPLE (default 300) known pairs are matched one
 * `POST .../Matches` each, timed; then `POST .../AutoMatch` is called until nothing remains,
 * timed. Prints the matches found (target: every statement line but the opening, with no false
 * match), the time of each, and the ratio of the per-pair time (extrapolated to the matches
 * the rules found) to the automatic time; checks the reconciliation's identity after. Adds
 * `reconciliation` to bench/results.json.
 */
const LEDGER = Number(process.env.BENCH_RECON_LEDGER ?? 20_000);
const STATEMENT = Number(process.env.BENCH_RECON_STATEMENT ?? 10_000);
const SAMPLE = Number(process.env.BENCH_RECON_SAMPLE ?? 300);
const IBAN = 'SA0380000000608010167519';

const stack = await startBenchStack();
const { runImports } = await import('../functions/ops/run-imports.ts');
const { importedId } = await import('../shared/imports/ids.ts');
const next = seededRandom(41);
const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
const day = (offset: number) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);

const company = await stack.ok('POST', '/api/v1/Companies', { name: 'Reconciliation bench', baseCurrency: 'SAR' });
const base = `/api/v1/Companies/${company.id}`;
const category = async (code: string, classification: string) => stack.ok('POST', `${base}/Accounts`, { code, name: { english: code, arabic: code }, type: 'category', classification });
const leaf = async (code: string, parentId: string) => stack.ok('POST', `${base}/Accounts`, { code, name: { english: code, arabic: code }, type: 'leaf', parentId });
const bank = await leaf('1102', (await category('1', 'asset')).id);
await leaf('4101', (await category('4', 'revenue')).id);
await leaf('5101', (await category('5', 'expense')).id);
await stack.ok('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
await stack.ok('POST', `${base}/BankAccounts`, { accountId: bank.id, iban: IBAN, bankName: 'Bench bank' });

// The ledger: money in (sales) or out (rent), each amount distinct so amount-and-date pairs are unique.
interface Pair { reference: string; statementText: string; amount: number; day: number; journal: number }
const pairs: Pair[] = [];
const rows = ['reference,date,accountPath,side,amount'];
for (let j = 0; j < LEDGER; j++) {
  const inward = next() < 0.6;
  const amount = 10_000 + j * 7 + Math.floor(next() * 7);
  const offset = Math.floor(next() * 360);
  const matched = j < STATEMENT;
  const reference = `INV-${100000 + j}`;
  rows.push(`${reference},${day(offset)},1.1102,${inward ? 1 : 2},${cents(amount)}`, `${reference},${day(offset)},${inward ? '4.4101' : '5.5101'},${inward ? 2 : 1},${cents(amount)}`);
  if (matched) pairs.push({ reference, statementText: `Payment ${reference}`, amount: inward ? amount : -amount, day: offset + Math.floor(next() * 3), journal: j });
}
let started = Date.now();
const ledgerJob = await stack.ok('POST', `${base}/Imports`, { kind: 'journals', format: 'csv', mode: 'atomic', post: true, data: rows.join('\r\n') });
await runImports({ companyId: company.id });
const ledgerDone = await stack.ok('GET', `${base}/Imports/${ledgerJob.id}`);
if (ledgerDone.status !== 'succeeded') throw new Error(`ledger import ${ledgerDone.status}: ${JSON.stringify(ledgerDone.errors)}`);
console.log(`ledger: ${LEDGER} journals imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const yymmdd = (offset: number) => day(offset).slice(2).replaceAll('-', '');
const byDay = [...pairs].sort((a, b) => a.day - b.day);
const closing = byDay.reduce((t, p) => t + p.amount, 0);
const statement = [
  ':20:BENCH2026', `:25:${IBAN}`, ':28C:1/1', ':60F:C260101SAR0,00',
  ...byDay.flatMap((p, i) => [`:61:${yymmdd(p.day)}${yymmdd(p.day).slice(2)}${p.amount >= 0 ? 'C' : 'D'}${cents(Math.abs(p.amount)).replace('.', ',')}NTRFNONREF//BR${i}`, `:86:${p.statementText}`]),
  `:62F:${closing >= 0 ? 'C' : 'D'}261231SAR${cents(Math.abs(closing)).replace('.', ',')}`, '-',
].join('\r\n');
started = Date.now();
const statementJob = await stack.ok('POST', `${base}/Imports`, { kind: 'bankStatements', format: 'mt940', bankAccountId: bank.id, data: statement });
await runImports({ companyId: company.id });
const statementDone = await stack.ok('GET', `${base}/Imports/${statementJob.id}`);
if (statementDone.status !== 'succeeded') throw new Error(`statement import ${statementDone.status}: ${JSON.stringify(statementDone.errors)}`);
console.log(`statement: ${STATEMENT} lines imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// By hand: the first SAMPLE pairs, one request each (finding the journal is not timed).
const sample = byDay.slice(0, SAMPLE).map((p, i) => ({ p, ref: `BR${i}` }));
const journalIds = new Map<string, string>();
// An imported journal's id follows from the import and its reference (shared/imports/ids.ts).
for (const { p } of sample) journalIds.set(p.reference, importedId(ledgerJob.id, `journal ${p.reference}`));
started = Date.now();
for (const { p, ref } of sample) await stack.ok('POST', `${base}/BankAccounts/${bank.id}/Matches`, { statementLines: [ref], ledgerLines: [{ journalId: journalIds.get(p.reference)!, line: 0 }] });
const manualMs = Date.now() - started;
const perPairMs = manualMs / SAMPLE;

// By the rules: called until nothing remains.
started = Date.now();
let calls = 0;
let matched = 0;
let falseMatches = 0;
const lineOf = new Map(byDay.map((p, i) => [`BR${i}`, p]));
for (;;) {
  const r = await stack.ok('POST', `${base}/BankAccounts/${bank.id}/AutoMatch`, {});
  calls++;
  matched += r.matched;
  // A match is right when its statement line names the reference of the journal it was matched with.
  for (const m of r.matches) for (const ref of m.statementLines) if (ref.startsWith('BR') && !m.reason.includes(lineOf.get(ref)!.reference)) falseMatches++;
  if (r.remaining === 0) break;
}
const autoMs = Date.now() - started;
const reconciliation = await stack.ok('GET', `${base}/BankAccounts/${bank.id}/Reconciliation?date=2026-12-31`);
const identity = Math.abs(Number(reconciliation.difference) - (Number(reconciliation.unmatchedStatement.total) - Number(reconciliation.unmatchedLedger.total))) < 1e-9;
const byHandForAll = perPairMs * (matched + SAMPLE);
const ratio = byHandForAll / (autoMs + perPairMs * SAMPLE);
console.log(`by hand: ${SAMPLE} pairs in ${(manualMs / 1000).toFixed(1)} s (${perPairMs.toFixed(1)} ms a pair)`);
console.log(`by the rules: ${matched} matches in ${(autoMs / 1000).toFixed(1)} s over ${calls} calls; false matches: ${falseMatches}`);
console.log(`unmatched after: ${reconciliation.unmatchedStatement.count} statement lines (the opening balance of 0.00), ${reconciliation.unmatchedLedger.count} ledger lines; identity holds: ${identity}`);
console.log(`every pair by hand (extrapolated) against the sample by hand and the rest by the rules: x${ratio.toFixed(1)}`);
saveResults({
  reconciliation: {
    measuredAt: new Date().toISOString(),
    ledgerLines: LEDGER,
    statementLines: STATEMENT,
    sampleByHand: SAMPLE,
    perPairMs: Number(perPairMs.toFixed(2)),
    autoMatched: matched,
    autoSeconds: Number((autoMs / 1000).toFixed(2)),
    autoCalls: calls,
    falseMatches,
    unmatchedStatement: reconciliation.unmatchedStatement.count,
    unmatchedLedger: reconciliation.unmatchedLedger.count,
    identityHolds: identity,
    ratio: Number(ratio.toFixed(1)),
  },
});
await stack.stop();
