import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type ApiResponse, type Client } from '../../support/api.ts';
import { type Account, applyStateChange, buildChart, cashFlowPicks, chartShape, type Classification, type TrackedJournal, under } from '../../support/random-chart.ts';

/**
 * For random charts and random sequences of create, post, void, reverse and adjust, every
 * report equals a naive recomputation from the posted lines (read back through the journals
 * list), exactly; and every column of a report by month or quarter (the balance sheet's by
 * dates) equals the same report run on that column's range. PROPERTY_RUNS sets the number of books (default kept small for CI).
 */
const gateway = useGateway();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 2);
interface PostedLine {
  journalId: string;
  serialNumber: number;
  accountId: string;
  costCenterId: string | null;
  line: number;
  side: 1 | 2;
  amount: Big;
  postingDate: string;
}

const fixed = (b: Big) => b.toFixed(2);
/** Days in 2026 and 2027 around month and year edges, so postings and report dates meet often. */
const DAYS = ['2026-01-01', '2026-01-15', '2026-01-16', '2026-01-31', '2026-02-01', '2026-02-14', '2026-02-15', '2026-02-28', '2026-03-01', '2026-06-30', '2026-12-31', '2027-01-01', '2027-01-20', '2027-02-10', '2027-02-28', '2027-12-31'];
const day = fc.constantFrom(...DAYS);

const lineShape = fc.record({ account: fc.nat(), center: fc.option(fc.nat({ max: 1 }), { nil: null }), cents: fc.integer({ min: 1, max: 5_000_000 }) });
const operation = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('create' as const), debits: fc.array(lineShape, { minLength: 1, maxLength: 3 }), credit: lineShape, day }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('post' as const), target: fc.nat(), day }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), target: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), target: fc.nat(), day }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjust' as const), target: fc.nat() }) },
);
/** Budget lines per revenue or expense leaf, by leaf index: none, the account as a whole, or one per cost center; cents per month. */
const budgetPicks = fc.array(fc.record({ kind: fc.constantFrom('none', 'whole', 'byCostCenter'), cents: fc.array(fc.integer({ min: -100_000, max: 5_000_000 }), { minLength: 12, maxLength: 12 }) }), { minLength: 6, maxLength: 6 });
/** Report dates, picked among the days journals were posted on (where edges matter) and the edge days. */
const checks = fc.record({ ends: fc.tuple(fc.nat(), fc.nat()), asOf: fc.nat(), ledgerAccount: fc.nat() });

/** Every posted line of the company, from the journals list (posted and reversed journals count). */
async function postedLines(api: Client, base: string): Promise<PostedLine[]> {
  const lines: PostedLine[] = [];
  let page: string | null = null;
  do {
    const r: ApiResponse = await api.get(`${base}/Journals?pageSize=100${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    for (const j of r.body.results) {
      if (j.status !== 'posted' && j.status !== 'reversed') continue;
      j.entries.forEach((e: { accountId: string; costCenterId: string | null; side: 1 | 2; amount: number }, line: number) =>
        lines.push({ journalId: j.id, serialNumber: j.serialNumber, accountId: e.accountId, costCenterId: e.costCenterId, line, side: e.side, amount: new Big(String(e.amount)), postingDate: j.postingDate }),
      );
    }
    page = r.body.nextPage;
  } while (page);
  return lines;
}

/** Whole calendar months a range touches. */
const monthsSpanned = (from: string, to: string) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
type SidesOf = { opening: { debit: string; credit: string }; movement: { debit: string; credit: string }; closing: { debit: string; credit: string } };
const sideFigures = (s: SidesOf) => [s.opening.debit, s.opening.credit, s.movement.debit, s.movement.credit, s.closing.debit, s.closing.credit];
const trialFigures = (rows: Array<SidesOf & { path: string }>) => Object.fromEntries(rows.map((r) => [r.path, sideFigures(r)]));
/** A statement's non-zero amounts in one column, by section and path, with its totals. */
function statementAmounts(body: any, column: number) {
  const section = (rows: any[]) => Object.fromEntries(rows.filter((r) => Number(r.amounts[column]) !== 0).map((r) => [r.path, r.amounts[column]]));
  return { revenue: section(body.revenue), expense: section(body.expense), totals: [body.totals.revenue[column], body.totals.expense[column], body.totals.netProfit[column]] };
}
function sheetAmounts(body: any, column: number) {
  const section = (rows: any[]) => Object.fromEntries(rows.filter((r) => Number(r.amounts[column]) !== 0).map((r) => [r.path, r.amounts[column]]));
  return { assets: section(body.assets), liabilities: section(body.liabilities), equity: section(body.equity), earnings: [body.currentYearEarnings[column], body.earlierYearsEarnings[column]], totals: Object.values(body.totals).map((t: any) => t[column]) };
}

const net = (lines: PostedLine[]) => lines.reduce((s, l) => (l.side === 1 ? s.plus(l.amount) : s.minus(l.amount)), new Big(0));
const gross = (lines: PostedLine[], side: 1 | 2) => lines.filter((l) => l.side === side).reduce((s, l) => s.plus(l.amount), new Big(0));
const onSide = (b: Big) => (b.gte(0) ? [b, new Big(0)] : [new Big(0), b.neg()]);

describe('reports against a naive recomputation', () => {
  it('trial balance, income statement, balance sheet, general ledger, cash flow and budget vs actual equal the posted lines, exactly', async () => {
    await fc.assert(
      fc.asyncProperty(chartShape, fc.array(operation, { minLength: 12, maxLength: 28 }), checks, cashFlowPicks, budgetPicks, async (shape, operations, check, picks, budgetLines) => {
        const { api, base } = await companyOwner(gateway.url);
        const chart = await buildChart(api, base, shape, picks);
        const leaves = chart.filter((a) => a.leaf);
        const centers = [
          (await api.post(`${base}/CostCenters`, { code: 'A', name: { english: 'A', arabic: 'A' } })).body.id as string,
          (await api.post(`${base}/CostCenters`, { code: 'B', name: { english: 'B', arabic: 'B' } })).body.id as string,
        ];
        const years: Array<{ id: string; startDate: string; endDate: string }> = [];
        for (const start of ['2026-01-01', '2027-01-01']) years.push((await api.post(`${base}/FinancialYears`, { startDate: start, endDate: `${start.slice(0, 4)}-12-31` })).body);

        // Apply the operations; a refused one (wrong state) simply changes nothing.
        const journals: TrackedJournal[] = [];
        for (const op of operations) {
          if (op.kind === 'create') {
            const entries = op.debits.map((d) => ({ accountId: leaves[d.account % leaves.length]!.id, side: 1, amount: d.cents / 100, ...(d.center !== null ? { costCenterId: centers[d.center] } : {}) }));
            const total = op.debits.reduce((s, d) => s + d.cents, 0);
            entries.push({ accountId: leaves[op.credit.account % leaves.length]!.id, side: 2, amount: total / 100, ...(op.credit.center !== null ? { costCenterId: centers[op.credit.center] } : {}) });
            const r = await api.post(`${base}/Journals`, { date: `${op.day}T10:00:00Z`, entries });
            if (r.status === 200) journals.push({ id: r.body.id, version: r.body.version, status: 'draft', reversal: false });
            continue;
          }
          await applyStateChange(api, base, journals, op);
        }

        const lines = await postedLines(api, base);
        const through = (date: string, accounts: Account[], center?: string) =>
          lines.filter((l) => l.postingDate <= date && accounts.some((a) => a.id === l.accountId) && (!center || l.costCenterId === center));
        const before = (date: string, accounts: Account[]) => lines.filter((l) => l.postingDate < date && accounts.some((a) => a.id === l.accountId));
        const between = (from: string, to: string, accounts: Account[]) => lines.filter((l) => l.postingDate >= from && l.postingDate <= to && accounts.some((a) => a.id === l.accountId));

        // Trial balance of a random range.
        const days = [...new Set([...lines.map((l) => l.postingDate), ...DAYS])].sort();
        const [from, to] = check.ends.map((i) => days[i % days.length]!).sort() as [string, string];
        const trial = await api.get(`${base}/Reports/TrialBalance?dateFrom=${from}&dateTo=${to}`);
        expect(trial.status, trial.text).toBe(200);
        const leafFigures = (a: Account) => {
          const opening = before(from, [a]);
          const moved = between(from, to, [a]);
          return [...onSide(net(opening)), gross(moved, 1), gross(moved, 2), ...onSide(net([...opening, ...moved]))];
        };
        const expectedTrial: Record<string, string[]> = {};
        for (const account of chart) {
          const figures = under(chart, account).map(leafFigures).filter((f) => f.some((x) => !x.eq(0)));
          if (figures.length === 0) continue;
          expectedTrial[account.path] = figures.reduce((sum, f) => sum.map((s, i) => s.plus(f[i]!))).map(fixed);
        }
        expect(Object.fromEntries(trial.body.rows.map((r: any) => [r.path, [r.opening.debit, r.opening.credit, r.movement.debit, r.movement.credit, r.closing.debit, r.closing.credit]]))).toEqual(expectedTrial);
        for (const column of ['opening', 'movement', 'closing']) expect(trial.body.totals[column].debit).toBe(trial.body.totals[column].credit);

        // Income statement of the same range, with the previous period alongside.
        const statement = await api.get(`${base}/Reports/IncomeStatement?dateFrom=${from}&dateTo=${to}&compare=PreviousPeriod`);
        expect(statement.status, statement.text).toBe(200);
        const [previous] = statement.body.columns.slice(1).map((c: { dateFrom: string; dateTo: string }) => c);
        const profit = (range: { from: string; to: string }, classification: 'revenue' | 'expense') => {
          const n = net(between(range.from, range.to, chart.filter((a) => a.leaf && a.classification === classification)));
          return classification === 'revenue' ? n.neg() : n;
        };
        for (const [i, range] of [{ from, to }, { from: previous.dateFrom, to: previous.dateTo }].entries()) {
          expect(statement.body.totals.revenue[i]).toBe(fixed(profit(range, 'revenue')));
          expect(statement.body.totals.expense[i]).toBe(fixed(profit(range, 'expense')));
          expect(statement.body.totals.netProfit[i]).toBe(fixed(profit(range, 'revenue').minus(profit(range, 'expense'))));
        }
        for (const row of [...statement.body.revenue, ...statement.body.expense]) {
          const account = chart.find((a) => a.id === row.accountId)!;
          const n = net(between(from, to, under(chart, account)));
          expect(row.amounts[0], row.path).toBe(fixed(account.classification === 'revenue' ? n.neg() : n));
        }

        // Balance sheet as of a random date: it balances, and its current-year line is the year's net profit so far.
        const asOf = days[check.asOf % days.length]!;
        const yearStart = `${asOf.slice(0, 4)}-01-01`;
        const sheet = await api.get(`${base}/Reports/BalanceSheet?date=${asOf}`);
        expect(sheet.status, sheet.text).toBe(200);
        expect(sheet.body.totals.assets).toEqual(sheet.body.totals.liabilitiesAndEquity);
        const sectionTotal = (classification: Classification) => net(through(asOf, chart.filter((a) => a.leaf && a.classification === classification)));
        expect(sheet.body.totals.assets[0]).toBe(fixed(sectionTotal('asset')));
        expect(sheet.body.totals.liabilities[0]).toBe(fixed(sectionTotal('liability').neg()));
        const yearProfit = await api.get(`${base}/Reports/IncomeStatement?dateFrom=${yearStart}&dateTo=${asOf}`);
        expect(sheet.body.currentYearEarnings[0]).toBe(yearProfit.body.totals.netProfit[0]);
        const earlier = before(yearStart, chart.filter((a) => a.leaf && (a.classification === 'revenue' || a.classification === 'expense')));
        expect(sheet.body.earlierYearsEarnings[0]).toBe(fixed(net(earlier).neg()));

        // General ledger of a random account (a category: its subtree), walked in pages of 3.
        const account = chart[check.ledgerAccount % chart.length]!;
        const accounts = under(chart, account);
        const expectedLines = between(from, to, accounts).sort((a, b) =>
          a.postingDate !== b.postingDate ? (a.postingDate < b.postingDate ? -1 : 1) : a.serialNumber !== b.serialNumber ? a.serialNumber - b.serialNumber : a.accountId !== b.accountId ? (a.accountId < b.accountId ? -1 : 1) : a.line - b.line,
        );
        let balance = net(before(from, accounts));
        const expectedRows = expectedLines.map((l) => {
          balance = l.side === 1 ? balance.plus(l.amount) : balance.minus(l.amount);
          return [l.journalId, l.line, l.side, fixed(l.amount), fixed(balance)];
        });
        const walked: unknown[][] = [];
        let page: string | null = null;
        let first: any;
        do {
          const r: ApiResponse = await api.get(`${base}/Reports/GeneralLedger?accountId=${account.id}&dateFrom=${from}&dateTo=${to}&pageSize=3${page ? `&page=${encodeURIComponent(page)}` : ''}`);
          expect(r.status, r.text).toBe(200);
          first ??= r.body;
          walked.push(...r.body.results.map((l: any) => [l.journalId, l.line, l.side, l.amount, l.balance]));
          page = r.body.nextPage;
        } while (page);
        expect(walked).toEqual(expectedRows);
        expect(first.openingBalance).toBe(fixed(net(before(from, accounts))));
        expect(first.closingBalance).toBe(fixed(net(through(to, accounts))));

        // Cash flow of the same range: each section's rows are the changes of the leaves of its
        // category (as their effect on cash), and it reconciles to the change in cash exactly.
        const cashFlow = await api.get(`${base}/Reports/CashFlow?dateFrom=${from}&dateTo=${to}`);
        expect(cashFlow.status, cashFlow.text).toBe(200);
        const isBalanceSheet = (a: Account) => a.classification !== 'revenue' && a.classification !== 'expense';
        const effect = (leaf: Account) => (leaf.cashFlowCategory === 'cash' ? net(between(from, to, [leaf])) : net(between(from, to, [leaf])).neg());
        const expectedSection = (category: string) => {
          const rows: Record<string, string> = {};
          for (const a of chart) {
            const figures = under(chart, a).filter((leaf) => isBalanceSheet(leaf) && leaf.cashFlowCategory === category).map(effect).filter((f) => !f.eq(0));
            if (figures.length > 0) rows[a.path] = fixed(figures.reduce((x, y) => x.plus(y)));
          }
          return rows;
        };
        const categoryTotal = (category: string) => chart.filter((a) => a.leaf && isBalanceSheet(a) && a.cashFlowCategory === category).reduce((sum, leaf) => sum.plus(effect(leaf)), new Big(0));
        const cashLeaves = chart.filter((a) => a.leaf && isBalanceSheet(a) && a.cashFlowCategory === 'cash');
        for (const category of ['nonCash', 'operating', 'investing', 'financing', 'cash']) {
          expect(Object.fromEntries(cashFlow.body[category].map((r: any) => [r.path, r.amounts[0]])), category).toEqual(expectedSection(category));
        }
        const netProfit = profit({ from, to }, 'revenue').minus(profit({ from, to }, 'expense'));
        const operatingActivities = netProfit.plus(categoryTotal('nonCash')).plus(categoryTotal('operating'));
        const netCashFlow = operatingActivities.plus(categoryTotal('investing')).plus(categoryTotal('financing'));
        expect(cashFlow.body.totals).toEqual({
          netProfit: [fixed(netProfit)],
          nonCash: [fixed(categoryTotal('nonCash'))],
          operatingActivities: [fixed(operatingActivities)],
          investingActivities: [fixed(categoryTotal('investing'))],
          financingActivities: [fixed(categoryTotal('financing'))],
          netCashFlow: [fixed(netCashFlow)],
          openingCash: [fixed(net(before(from, cashLeaves)))],
          closingCash: [fixed(net(through(to, cashLeaves)))],
          cashChange: [fixed(netCashFlow)],
          unreconciled: ['0.00'],
        });
        expect(cashFlow.body.reconciles).toBe(true);

        // Budget vs actual by month over the part of the range in from's year: each line's budget
        // is its months' amounts (pro rata by days for a month cut by the range), its actual the
        // posted lines of its account (and cost center), its variance favourable-positive.
        const year = years.find((y) => y.startDate <= from && from <= y.endDate)!;
        const bvaTo = to < year.endDate ? to : year.endDate;
        const profitLeaves = chart.filter((a) => a.leaf && !isBalanceSheet(a));
        const budgetedLines = profitLeaves.flatMap((leaf, i): Array<{ accountId: string; costCenterId: string | null; amounts: string[] }> => {
          const pick = budgetLines[i % budgetLines.length]!;
          const amounts = pick.cents.map((c) => (c / 100).toFixed(2));
          if (pick.kind === 'none') return [];
          if (pick.kind === 'whole') return [{ accountId: leaf.id, costCenterId: null, amounts }];
          return centers.map((center, k) => ({ accountId: leaf.id, costCenterId: center, amounts: k === 0 ? amounts : [...amounts].reverse() }));
        });
        const budget = await api.post(`${base}/Budgets`, { name: 'Random', financialYearId: year.id, lines: budgetedLines });
        expect(budget.status, budget.text).toBe(200);
        const bva = await api.get(`${base}/Reports/BudgetVsActual?budgetId=${budget.body.id}&dateFrom=${from}&dateTo=${bvaTo}&columns=month`);
        expect(bva.status, bva.text).toBe(200);
        const columns: Array<{ dateFrom: string; dateTo: string }> = bva.body.columns;
        const daysIn = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000) + 1;
        const budgetIn = (amounts: string[], column: { dateFrom: string; dateTo: string }) =>
          amounts.reduce((sum, amount, month) => {
            const start = `${year.startDate.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
            const end = new Date(Date.UTC(Number(start.slice(0, 4)), month + 1, 0)).toISOString().slice(0, 10);
            const [a, b] = [column.dateFrom > start ? column.dateFrom : start, column.dateTo < end ? column.dateTo : end];
            if (a > b) return sum;
            return sum.plus(new Big(amount).times(daysIn(a, b)).div(daysIn(start, end)).round(2, Big.roundHalfUp));
          }, new Big(0));
        const percent = (budgeted: Big, difference: Big) => (budgeted.eq(0) ? null : difference.times(100).div(budgeted.abs()).round(2, Big.roundHalfUp).toFixed(2));
        const totals = { revenue: columns.map(() => [new Big(0), new Big(0)]), expense: columns.map(() => [new Big(0), new Big(0)]) };
        const expectedBudgetRows = budgetedLines.map((line) => {
          const account = chart.find((a) => a.id === line.accountId)!;
          const sign = account.classification === 'revenue' ? -1 : 1;
          const figures = columns.map((column, c) => {
            const budgeted = budgetIn(line.amounts, column);
            const actual = net(between(column.dateFrom, column.dateTo, [account]).filter((l) => line.costCenterId === null || l.costCenterId === line.costCenterId)).times(sign);
            const t = totals[account.classification as 'revenue' | 'expense'][c]!;
            t[0] = t[0]!.plus(budgeted);
            t[1] = t[1]!.plus(actual);
            const difference = sign < 0 ? actual.minus(budgeted) : budgeted.minus(actual);
            return [fixed(budgeted), fixed(actual), fixed(difference), percent(budgeted, difference)];
          });
          return [account.path, line.costCenterId, figures];
        });
        const sorted = (rows: unknown[][]) => [...rows].sort((a, b) => (`${a[0]} ${a[1]}` < `${b[0]} ${b[1]}` ? -1 : 1));
        const answeredRows = bva.body.rows.map((r: any) => [r.path, r.costCenter?.id ?? null, columns.map((_, c) => [r.budget[c], r.actual[c], r.variance[c], r.variancePercent[c]])]);
        expect(sorted(answeredRows)).toEqual(sorted(expectedBudgetRows));
        for (const [classification, favourable] of [['revenue', 1], ['expense', -1]] as const) {
          expect(bva.body.totals[classification].budget).toEqual(totals[classification].map((t) => fixed(t[0]!)));
          expect(bva.body.totals[classification].actual).toEqual(totals[classification].map((t) => fixed(t[1]!)));
          expect(bva.body.totals[classification].variance).toEqual(totals[classification].map((t) => fixed(t[1]!.minus(t[0]!).times(favourable))));
        }

        // Columns: each month (a quarter past 12 months) equals the same report run on its own range; the total column the range's.
        const split = monthsSpanned(from, to) <= 12 ? 'month' : 'quarter';
        const trialColumns = await api.get(`${base}/Reports/TrialBalance?dateFrom=${from}&dateTo=${to}&columns=${split}`);
        expect(trialColumns.status, trialColumns.text).toBe(200);
        expect(trialFigures(trialColumns.body.rows)).toEqual(trialFigures(trial.body.rows));
        expect(trialColumns.body.totals).toEqual(trial.body.totals);
        const statementColumns = await api.get(`${base}/Reports/IncomeStatement?dateFrom=${from}&dateTo=${to}&columns=${split}`);
        expect(statementColumns.status, statementColumns.text).toBe(200);
        const ranges = trialColumns.body.columns.map((c: { dateFrom: string; dateTo: string }) => ({ from: c.dateFrom, to: c.dateTo }));
        expect(statementColumns.body.columns.map((c: { dateFrom: string; dateTo: string }) => ({ from: c.dateFrom, to: c.dateTo }))).toEqual([...ranges, { from, to }]);
        const plainStatement = await api.get(`${base}/Reports/IncomeStatement?dateFrom=${from}&dateTo=${to}`);
        expect(statementAmounts(statementColumns.body, ranges.length)).toEqual(statementAmounts(plainStatement.body, 0));
        const sheetColumns = await api.get(`${base}/Reports/BalanceSheet?dates=${ranges.map((r: { to: string }) => r.to).join(',')}`);
        expect(sheetColumns.status, sheetColumns.text).toBe(200);
        for (const [i, range] of ranges.entries()) {
          const own = await api.get(`${base}/Reports/TrialBalance?dateFrom=${range.from}&dateTo=${range.to}`);
          const ownFigures = trialFigures(own.body.rows);
          const inColumn = Object.fromEntries(trialColumns.body.rows.map((r: any) => [r.path, sideFigures(r.columns[i])]).filter(([, f]: [string, string[]]) => f.some((x) => Number(x) !== 0)));
          expect(inColumn, `${range.from}..${range.to}`).toEqual(Object.fromEntries(Object.entries(ownFigures).filter(([, f]) => f.some((x) => Number(x) !== 0))));
          expect(trialColumns.body.columns[i].totals).toEqual(own.body.totals);
          const ownStatement = await api.get(`${base}/Reports/IncomeStatement?dateFrom=${range.from}&dateTo=${range.to}`);
          expect(statementAmounts(statementColumns.body, i), `${range.from}..${range.to}`).toEqual(statementAmounts(ownStatement.body, 0));
          const ownSheet = await api.get(`${base}/Reports/BalanceSheet?date=${range.to}`);
          expect(sheetAmounts(sheetColumns.body, i), range.to).toEqual(sheetAmounts(ownSheet.body, 0));
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 30_000 + RUNS * 25_000);
});
