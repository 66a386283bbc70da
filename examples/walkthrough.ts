import ExcelJS from 'exceljs';
import createClient from 'openapi-fetch';
import type { paths } from './client/schema.d.ts';

/**
 * From an empty account to posted books with the typed client (openapi-fetch over the types
 * `npm run client` generates): a company, a chart of accounts, cost centers, a year, journals
 * by UUID and by path, a reversal, a closed period, a foreign-currency journal and its
 * revaluation, and the reports; it ends by writing the year's statements into one XLSX workbook
 * (STATEMENTS_FILE, default statements-2026.xlsx): the income statement by quarter, the balance
 * sheet at each quarter's end and the trial balance, each downloaded as the one-sheet XLSX its
 * endpoint exports.
 *
 *   npm start                                            # in one shell
 *   TOKEN=$(npm run -s token -- --email you@example.com) npm run walkthrough
 *
 * It finds the running stack as `npm run token` does (LEDGER_DATA_DIR and PORT, as given to
 * `npm start`); LEDGER_URL sends it to another address instead, e.g. a deployed API.
 */
type Log = (line: string) => void;

export async function walkthrough(baseUrl: string, token: string, log: Log = console.log, statementsFile = 'statements-2026.xlsx') {
  // JSON answers typed as JSON: the reports can also answer CSV and XLSX files (format=csv|xlsx).
  const api = createClient<paths, 'application/json'>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
  /** The body of a 200, or the spec's error body thrown. */
  const ok = <T>(result: { data?: T; error?: unknown; response: Response }): T => {
    if (result.error !== undefined || result.data === undefined) throw new Error(`${result.response.status} ${JSON.stringify(result.error)}`);
    return result.data;
  };
  /** For the operations that answer 200 with an empty body. */
  const done = (result: { error?: unknown; response: Response }): void => {
    if (!result.response.ok) throw new Error(`${result.response.status} ${JSON.stringify(result.error)}`);
  };
  const name = (english: string, arabic: string) => ({ english, arabic });

  const company = ok(await api.POST('/api/v1/Companies', { body: { name: 'Walkthrough Trading', baseCurrency: 'SAR' } }));
  const companyId = company.id;
  const path = { path: { companyId } };
  log(`company ${company.name} (${companyId}), currency ${company.settings.baseCurrency}`);

  const account = async (code: string, english: string, arabic: string, parent: { id: string } | null, classification?: 'asset' | 'equity' | 'revenue' | 'expense', currency?: string) =>
    ok(
      await api.POST('/api/v1/Companies/{companyId}/Accounts', {
        params: path,
        body: { code, name: name(english, arabic), type: parent ? 'leaf' : 'category', ...(parent ? { parentId: parent.id } : { classification }), ...(currency ? { currency } : {}) },
      }),
    );
  const assets = await account('1', 'Assets', 'الأصول', null, 'asset');
  const cash = await account('1101', 'Cash', 'النقدية', assets);
  await account('1102', 'Bank', 'البنك', assets);
  const dollars = await account('1103', 'Bank (USD)', 'البنك (دولار)', assets, undefined, 'USD');
  const equity = await account('3', 'Equity', 'حقوق الملكية', null, 'equity');
  await account('3101', 'Retained earnings', 'أرباح مبقاة', equity);
  const revenue = await account('4', 'Revenue', 'الإيرادات', null, 'revenue');
  const sales = await account('4101', 'Sales', 'المبيعات', revenue);
  const expenses = await account('5', 'Expenses', 'المصروفات', null, 'expense');
  await account('5101', 'Rent', 'الإيجار', expenses);
  await account('5201', 'Unrealized exchange differences', 'فروق صرف غير محققة', expenses);
  log('chart: 1 Assets (1101 Cash, 1102 Bank, 1103 Bank in USD), 3 Equity (3101 Retained earnings), 4 Revenue (4101 Sales), 5 Expenses (5101 Rent, 5201 Unrealized exchange differences)');

  const settings = ok(await api.GET('/api/v1/Companies/{companyId}/Settings', { params: path }));
  // A merge patch: only the fields to change, accounts by path (the settings answer their UUIDs).
  ok(await api.PUT('/api/v1/Companies/{companyId}/Settings', { params: path, body: { retainedEarningsAccountId: '3.3101', unrealizedFxGainLossAccountId: '5.5201', version: settings.version } }));

  const hq = ok(await api.POST('/api/v1/Companies/{companyId}/CostCenters', { params: path, body: { code: 'HQ', name: name('Head office', 'المركز الرئيسي') } }));
  ok(await api.POST('/api/v1/Companies/{companyId}/CostCenters', { params: path, body: { code: 'BR', name: name('Branch', 'الفرع') } }));
  const year = ok(await api.POST('/api/v1/Companies/{companyId}/FinancialYears', { params: path, body: { startDate: '2026-01-01', endDate: '2026-12-31' } }));
  log(`cost centers HQ, BR; year ${year.name} with ${year.periods.length} periods`);

  /** Creates and posts a journal; lines name accounts and cost centers by UUID or by path, and may be in another currency. */
  const postJournal = async (day: string, description: string, entries: Array<{ accountId: string; side: 1 | 2; amount: number; costCenterId?: string; currency?: string }>) => {
    const draft = ok(await api.POST('/api/v1/Companies/{companyId}/Journals', { params: path, body: { date: `${day}T09:00:00Z`, description, entries } }));
    const posted = ok(await api.POST('/api/v1/Companies/{companyId}/Journals/{id}/Post', { params: { path: { companyId, id: draft.id } }, body: { postingDate: day, version: draft.version } }));
    log(`journal #${posted.serialNumber} ${description}: ${posted.status} on ${posted.postingDate}, ${posted.totals.debit} each side`);
    return posted;
  };
  await postJournal('2026-01-10', 'Cash sales', [
    { accountId: cash.id, side: 1, amount: 1500, costCenterId: hq.id },
    { accountId: sales.id, side: 2, amount: 1500, costCenterId: hq.id },
  ]);
  await postJournal('2026-02-01', 'February rent (by path)', [
    { accountId: '5.5101', side: 1, amount: 400.25, costCenterId: 'BR' },
    { accountId: '1.1102', side: 2, amount: 400.25 },
  ]);
  const mistake = await postJournal('2026-02-03', 'Sales posted twice', [
    { accountId: '1.1101', side: 1, amount: 99.99 },
    { accountId: '4.4101', side: 2, amount: 99.99 },
  ]);
  // Reverse answers the new reversing journal; its reversalOf names the original.
  const reversal = ok(await api.POST('/api/v1/Companies/{companyId}/Journals/{id}/Reverse', { params: { path: { companyId, id: mistake.id } }, body: { postingDate: '2026-02-04', version: mistake.version } }));
  log(`journal #${mistake.serialNumber} reversed by ${reversal.id}`);

  // Dollars bought in March: the line in USD takes the company's rate in effect on the journal's date.
  const rate = ok(await api.POST('/api/v1/Companies/{companyId}/ExchangeRates', { params: path, body: { currency: 'USD', date: '2026-03-01', rate: '3.75' } }));
  log(`exchange rate ${rate.currency} ${rate.rate} from ${rate.date}`);
  const bought = await postJournal('2026-03-05', 'Dollars bought', [
    { accountId: dollars.id, side: 1, amount: 200, currency: 'USD' },
    { accountId: cash.id, side: 2, amount: 750 },
  ]);
  const usd = bought.entries[0]!;
  log(`  ${usd.amount} ${usd.currency} at ${usd.exchangeRate} = ${usd.baseAmount} SAR`);

  // At the end of March a dollar is worth 3.80: revaluing brings the USD bank to its dollars at
  // that rate, against unrealized exchange differences, and reverses it on 1 April.
  ok(await api.POST('/api/v1/Companies/{companyId}/ExchangeRates', { params: path, body: { currency: 'USD', date: '2026-03-31', rate: '3.80' } }));
  const revaluation = ok(await api.POST('/api/v1/Companies/{companyId}/Revaluations', { params: path, body: { date: '2026-03-31' } }));
  for (const a of revaluation.accounts) log(`revaluation at ${revaluation.date}: ${a.foreignBalance} ${a.currency} at ${a.rate}, ${a.baseBefore} -> ${a.baseAfter} SAR (difference ${a.difference})`);
  const revalued = ok(await api.GET('/api/v1/Companies/{companyId}/Journals/{id}', { params: { path: { companyId, id: revaluation.journalId! } } }));
  log(`  journal #${revalued.serialNumber} revaluing ${revalued.revaluationDate}: ${revalued.status} by ${revaluation.reversalId}`);
  const usdLedger = ok(await api.GET('/api/v1/Companies/{companyId}/Reports/GeneralLedger', { params: { ...path, query: { accountId: dollars.id, dateFrom: '2026-03-01', dateTo: '2026-04-30' } } }));
  for (const l of usdLedger.results) log(`  ledger of 1103 on ${l.postingDate}: ${l.amount} ${l.currency}, balance ${l.balance} SAR = ${l.accountCurrencyBalance} ${usdLedger.accountCurrency?.currency}`);

  const january = year.periods[0]!;
  done(await api.POST('/api/v1/Companies/{companyId}/FinancialYears/{id}/Periods/{periodId}/Close', { params: { path: { companyId, id: year.id, periodId: january.id } }, body: { version: january.version } }));
  log(`period ${january.name} closed`);

  const trial = ok(await api.GET('/api/v1/Companies/{companyId}/Reports/TrialBalance', { params: { ...path, query: { dateFrom: '2026-01-01', dateTo: '2026-02-28' } } }));
  log('trial balance 2026-01-01 to 2026-02-28 (closing debit / credit):');
  for (const row of trial.rows) log(`  ${'  '.repeat(row.depth)}${row.code} ${row.name.english}: ${row.closing.debit} / ${row.closing.credit}`);
  log(`  totals: ${trial.totals.closing.debit} / ${trial.totals.closing.credit}`);
  const statement = ok(await api.GET('/api/v1/Companies/{companyId}/Reports/IncomeStatement', { params: { ...path, query: { dateFrom: '2026-01-01', dateTo: '2026-12-31', byCostCenter: 'true' } } }));
  log(`income statement 2026 by cost center: ${statement.columns.map((c, i) => `${c.costCenter?.code ?? c.scope} ${statement.totals.netProfit[i]}`).join(', ')}`);
  const sheet = ok(await api.GET('/api/v1/Companies/{companyId}/Reports/BalanceSheet', { params: { ...path, query: { date: '2026-02-28' } } }));
  log(`balance sheet at 2026-02-28: assets ${sheet.totals.assets[0]}, liabilities and equity ${sheet.totals.liabilitiesAndEquity[0]} (this year's profit ${sheet.currentYearEarnings[0]})`);

  // The year's statements in one workbook: each export is a workbook of one sheet; their sheets are gathered.
  const year2026 = { dateFrom: '2026-01-01', dateTo: '2026-12-31' };
  const exports = [
    await api.GET('/api/v1/Companies/{companyId}/Reports/IncomeStatement', { params: { ...path, query: { ...year2026, columns: 'quarter', format: 'xlsx' } }, parseAs: 'arrayBuffer' }),
    await api.GET('/api/v1/Companies/{companyId}/Reports/BalanceSheet', { params: { ...path, query: { dates: '2026-03-31,2026-06-30,2026-09-30,2026-12-31', format: 'xlsx' } }, parseAs: 'arrayBuffer' }),
    await api.GET('/api/v1/Companies/{companyId}/Reports/TrialBalance', { params: { ...path, query: { ...year2026, format: 'xlsx' } }, parseAs: 'arrayBuffer' }),
  ];
  const statements = new ExcelJS.Workbook();
  for (const file of exports) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(ok(file));
    const source = book.worksheets[0]!;
    const sheet = statements.addWorksheet(source.name, { views: source.views });
    sheet.columns = source.columns.map((c) => ({ width: c.width }));
    source.eachRow({ includeEmpty: true }, (row, r) => row.eachCell({ includeEmpty: true }, (cell, c) => Object.assign(sheet.getRow(r).getCell(c), { value: cell.value, style: cell.style })));
  }
  await statements.xlsx.writeFile(statementsFile);
  log(`the year's statements written to ${statementsFile}: ${statements.worksheets.map((w) => w.name).join(', ')}`);
  return { companyId, trial, statement, sheet };
}

if (import.meta.main) {
  const token = process.env.TOKEN;
  if (!token) {
    console.error('Set TOKEN: TOKEN=$(npm run -s token -- --email you@example.com) npm run walkthrough');
    process.exit(2);
  }
  const { findRunningStack, StackNotFound } = await import('../infra/local/running-stack.ts');
  const baseUrl = process.env.LEDGER_URL ?? (await findRunningStack().catch((error: unknown) => (error instanceof StackNotFound ? fail(error.message) : Promise.reject(error)))).api;
  await walkthrough(baseUrl, token, console.log, process.env.STATEMENTS_FILE).catch((error: unknown) => {
    // An unreachable address is one line, not a stack trace.
    const cause = error instanceof TypeError && error.cause instanceof Error ? error.cause.message : undefined;
    return cause ? fail(`walkthrough: ${baseUrl} does not answer (${cause}): check LEDGER_URL, or unset it to use the stack \`npm start\` runs`) : Promise.reject(error);
  });
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
