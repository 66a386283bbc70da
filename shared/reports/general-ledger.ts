import { TOTAL_GROUP, type AccountSums, type GroupedSums } from '../balances/records.ts';
import { sortsBefore, type LedgerPlace, type LedgerRow } from '../journals/ledger-entries.ts';
import { DEBIT, linesByAccount } from '../journals/rules.ts';
import { formatTotal } from '../money/amount.ts';
import { minorUnits } from '../money/currencies.ts';
import { toMils } from '../money/mils.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { leavesUnder, type ChartAccount } from './account-tree.ts';
import { balancesAround, formatter, net } from './figures.ts';
import { reportCostCenter } from './report-nodes.ts';
import { reportContext, type ReportContext } from './report-context.ts';
import { checkReportRange } from './report-range.ts';
import type { GeneralLedgerInput } from './schemas.ts';
import { knownAtMoment } from './known-at-moment.ts';
import { whileBooksSteady } from './steady-books.ts';
import type { BooksKnownAt } from '../audit/known-at.ts';
import { ledgerDifference, mergedRows, rowKey, type LedgerDifference } from '../audit/ledger-at.ts';
import { knownAtEcho } from './known-at-echo.ts';
import type { PageBinding } from '../schemas/list-query.ts';
import type { GeneralLedgerReads } from './store.ts';

export type GeneralLedger = ResponseOf<'GeneralLedgerResponse'>;

/** Leaf ledgers read at once for a category's statement. */
const PARALLEL = 16;

/**
 * The statement of an account (a category: every leaf under it) over a date range: the
 * opening and closing balances from the running balances, and a page of its posted lines in
 * posting order with the balance after each. The cursor carries the balance where the page
 * ended, so the running balance continues across pages and does not move when journals are
 * posted behind the cursor meanwhile. An account with a foreign currency of its own also runs
 * its balance in that currency (from the currency balances and the lines' foreign amounts).
 * Never read while a wide posting runs (steady-books.ts).
 * Errors: NotFound (account, cost center), ValidationError (InvalidRange, RangeTooLong, NoFinancialYear,
 * InvalidCursor), BooksInMotion.
 */
export function generalLedger(books: GeneralLedgerReads, companyId: string, query: GeneralLedgerInput): Promise<GeneralLedger> {
  return whileBooksSteady(books, companyId, (known) => readGeneralLedger(books, companyId, query, known), { moment: knownAtMoment(books, companyId, query.knownAt, { whole: true }) });
}

async function readGeneralLedger(books: GeneralLedgerReads, companyId: string, query: GeneralLedgerInput, known: BooksKnownAt | undefined): Promise<GeneralLedger> {
  const scope = await scopeOf(books, companyId, query, known);
  const { ctx, leaves, costCenterId, binding, own } = scope;
  const resumed = query.page ? ((await books.decodePlace(binding, query.page)) as unknown as LedgerPlace & { balance: string; currencyBalance?: string }) : undefined;
  const [statement, rows] = await Promise.all([statementOf(companyId, query, scope), pageOfLines(books, companyId, [...leaves], { from: query.dateFrom, to: query.dateTo }, resumed, query.pageSize + 1, costCenterId, await differenceOf(books, scope, query))]);
  const fixed = formatter(ctx);
  const results = rows.slice(0, query.pageSize);
  const running = resumed
    ? { balance: BigInt(resumed.balance), currencyBalance: resumed.currencyBalance !== undefined ? BigInt(resumed.currencyBalance) : statement.currencyOpening }
    : { balance: statement.opening, currencyBalance: statement.currencyOpening };
  const lines = results.map((row) => lineView(row, advance(running, row, own), ctx, fixed, own));
  const last = results.at(-1);
  return {
    ...statement.fields,
    knownAt: knownAtEcho(query.knownAt),
    currentPage: query.page ?? null,
    results: lines,
    nextPage:
      rows.length > query.pageSize && last
        ? await books.encodePlace(binding, { position: last.position, accountId: last.accountId, line: last.line, balance: running.balance.toString(), ...(own ? { currencyBalance: running.currencyBalance.toString() } : {}) })
        : null,
  };
}

export type GeneralLedgerLine = GeneralLedger['results'][number];

/** The whole statement of a range: its fields, and every line with its running balance as a stream (for exports). */
export interface WholeGeneralLedger {
  fields: Omit<GeneralLedger, 'knownAt' | 'currentPage' | 'results' | 'nextPage'>;
  /** The leaf accounts the lines are on. */
  accounts: ReadonlyMap<string, ChartAccount>;
  lines: AsyncIterable<GeneralLedgerLine>;
}

/**
 * The statement of the whole range, its lines read as they are consumed (a few hundred per
 * leaf at a time, merged in ledger order), so an export of any length holds little in memory.
 * Run it inside whileBooksSteady with its consumer. Errors: NotFound, ValidationError.
 */
export async function wholeGeneralLedger(books: GeneralLedgerReads, companyId: string, query: LedgerQuery, known?: BooksKnownAt): Promise<WholeGeneralLedger> {
  const scope = await scopeOf(books, companyId, query, known);
  const { ctx, leaves, costCenterId, own } = scope;
  const statement = await statementOf(companyId, query, scope);
  const fixed = formatter(ctx);
  async function* lines(): AsyncGenerator<GeneralLedgerLine> {
    const running = { balance: statement.opening, currencyBalance: statement.currencyOpening };
    const range = { from: query.dateFrom, to: query.dateTo };
    const difference = await differenceOf(books, scope, query);
    if (difference === 'empty') return;
    const now = books.mergedLines(companyId, [...leaves], range, (row) => (!costCenterId || row.costCenterId === costCenterId) && !difference?.hidden.has(rowKey(row)), sortsBefore);
    for await (const row of difference ? mergedRows(now, difference) : now) {
      yield lineView(row, advance(running, row, own), ctx, fixed, own);
    }
  }
  return { fields: statement.fields, accounts: new Map([...leaves].map((id) => [id, ctx.chart.get(id)!])), lines: lines() };
}

const signed = (row: LedgerRow) => (row.side === DEBIT ? toMils(row.amount) : -toMils(row.amount));

/** The running balances after `row`: in base, and in the account's own currency when it has one. */
function advance(running: Running, row: LedgerRow, own: string | undefined): Running {
  running.balance += signed(row);
  if (own) running.currencyBalance += amountIn(row, own);
  return running;
}

interface Running {
  balance: bigint;
  currencyBalance: bigint;
}

type LedgerQuery = Omit<GeneralLedgerInput, 'page' | 'pageSize'>;

/** Whose statement: the account and its leaves, the cost center, and the cursor's binding. Errors: NotFound, ValidationError. */
async function scopeOf(books: GeneralLedgerReads, companyId: string, query: LedgerQuery, known: BooksKnownAt | undefined) {
  const [ctx, record, costCenter] = await Promise.all([
    reportContext(books, companyId, known),
    books.account(companyId, query.accountId, 'accountId'),
    query.costCenterId ? reportCostCenter(books, companyId, query.costCenterId, 'costCenterId') : undefined,
  ]);
  checkReportRange(query.dateFrom, query.dateTo, ctx.years);
  const account = ctx.chart.get(record.id)!;
  // Kept per account in total only, as currency balances are: none within a cost center.
  const own = costCenter ? undefined : ownCurrency(record.attributes.currency, ctx.currency);
  // knownAt as an instant: the same moment written another way continues the same pages.
  const binding: PageBinding = {
    companyId,
    endpoint: 'reports.generalLedger',
    orderBy: 'PostingDate',
    orderAsc: true,
    filters: { accountId: record.id, dateFrom: query.dateFrom, dateTo: query.dateTo, costCenterId: costCenter?.id ?? null, ...(query.knownAt ? { knownAt: new Date(query.knownAt).toISOString() } : {}) },
  };
  return { ctx, account, costCenter, costCenterId: costCenter?.id, leaves: new Set(leavesUnder(account).map((a) => a.id)), binding, own };
}

/** The statement's fields, whatever part of its lines is read: the account, the opening and closing balances. */
async function statementOf(companyId: string, query: LedgerQuery, { ctx, account, costCenter, leaves, own }: Awaited<ReturnType<typeof scopeOf>>) {
  // The account totals carry the figures in its currency: the same read gives both.
  const scope = costCenter ? ({ kind: 'costCenter', costCenterId: costCenter.id } as const) : own ? ({ kind: 'currencies' } as const) : ({ kind: 'total' } as const);
  const balanceOf = (sums: Map<string, AccountSums>) => [...(sums.get(costCenter?.id ?? TOTAL_GROUP) ?? new Map<string, never>()).values()].reduce((b, s) => b + net(s), 0n);
  const [before, through] = await balancesAround(companyId, ctx, { from: query.dateFrom, to: query.dateTo }, scope, leaves);
  const opening = balanceOf(before);
  const fixed = formatter(ctx);
  const inOwn = (mils: bigint) => formatTotal(mils, minorUnits(own!));
  const ownBalanceOf = (sums: GroupedSums) => net(sums.get(own!)?.get(account.id));
  const currencyOpening = own ? ownBalanceOf(before) : 0n;
  const fields = {
    account: { id: account.id, code: account.code, path: account.path, name: account.name, type: account.type, classification: account.classification },
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    costCenter: costCenter ?? null,
    currency: ctx.currency,
    openingBalance: fixed(opening),
    closingBalance: fixed(balanceOf(through)),
    accountCurrency: own ? { currency: own, openingBalance: inOwn(currencyOpening), closingBalance: inOwn(ownBalanceOf(through)) } : null,
  };
  return { opening, currencyOpening, fields };
}

function lineView(row: LedgerRow, running: Running, ctx: ReportContext, fixed: (mils: bigint) => string, own: string | undefined): GeneralLedgerLine {
  return {
    journalId: row.journalId,
    serialNumber: row.serialNumber,
    date: row.date,
    postingDate: row.postingDate,
    description: row.description,
    reference: row.reference,
    accountId: row.accountId,
    line: row.line,
    side: row.side,
    ...lineMoney(row, ctx, fixed),
    costCenterId: row.costCenterId,
    balance: fixed(running.balance),
    accountCurrencyBalance: own ? formatTotal(running.currencyBalance, minorUnits(own)) : null,
  };
}

/** The account's own currency when it is a foreign one: the ledger then runs a balance in it too. */
const ownCurrency = (accountCurrency: string | null | undefined, baseCurrency: string) => (accountCurrency && accountCurrency !== baseCurrency ? accountCurrency : undefined);

/**
 * A line's signed amount in `currency`, in mils: its foreign amount when it is in that currency;
 * 0 for a base line (a revaluation's, the closing journal's), which moves only the base balance.
 */
function amountIn(row: LedgerRow, currency: string): bigint {
  if (!row.foreign || row.currency !== currency) return 0n;
  const mils = toMils(row.foreign.amount);
  return row.side === DEBIT ? mils : -mils;
}

/**
 * A line's money as journals answer it: `amount` in the line's currency (at its ISO precision),
 * its currency, the rate ('1' for a base line) and `baseAmount`, which the balance adds. Lines
 * kept before currencies name none: they are in the report's (base) currency.
 */
function lineMoney(row: LedgerRow, ctx: ReportContext, fixed: (mils: bigint) => string) {
  const currency = row.currency ?? ctx.currency;
  const baseAmount = fixed(toMils(row.amount));
  if (!row.foreign) return { currency, amount: baseAmount, exchangeRate: '1', baseAmount };
  return { currency, amount: formatTotal(toMils(row.foreign.amount), minorUnits(currency)), exchangeRate: row.foreign.exchangeRate, baseAmount };
}

/**
 * As known at a moment (`ctx.known`), how the statement's rows then differ from now's: 'empty'
 * before the company's first change; undefined for the books of now.
 */
async function differenceOf(books: GeneralLedgerReads, { ctx, leaves, costCenterId }: Awaited<ReturnType<typeof scopeOf>>, range: { dateFrom: string; dateTo: string }): Promise<LedgerDifference | 'empty' | undefined> {
  if (!ctx.known) return undefined;
  if (ctx.known.empty) return 'empty';
  // As known at a moment is a rare read: what reads a change's journal loads on that path only.
  const { journalOfChange } = await import('../audit/book-changes.ts');
  const inStatement = (row: LedgerRow) => leaves.has(row.accountId) && row.postingDate >= range.dateFrom && row.postingDate <= range.dateTo && (!costCenterId || row.costCenterId === costCenterId);
  return ledgerDifference(ctx.known.changes, (change) => books.rowsOf(journalOfChange(change), linesByAccount).filter(inStatement));
}

/** The next `limit` lines over the leaves' ledgers, merged in ledger order (as they stood at a moment, with `difference`). */
async function pageOfLines(
  books: GeneralLedgerReads,
  companyId: string,
  leafIds: string[],
  range: { from: string; to: string },
  after: LedgerPlace | undefined,
  limit: number,
  costCenterId: string | undefined,
  difference: LedgerDifference | 'empty' | undefined,
): Promise<LedgerRow[]> {
  if (difference === 'empty') return [];
  const keep = (row: LedgerRow) => (!costCenterId || row.costCenterId === costCenterId) && !difference?.hidden.has(rowKey(row));
  const merged: LedgerRow[] = difference ? difference.restored.filter((row) => !after || sortsBefore(after, row)).slice(0, limit) : [];
  for (let i = 0; i < leafIds.length; i += PARALLEL) {
    const batch = await Promise.all(leafIds.slice(i, i + PARALLEL).map((id) => books.ledgerLines(companyId, id, range, after, limit, keep, sortsBefore)));
    merged.push(...batch.flat());
  }
  return merged.sort((a, b) => (sortsBefore(a, b) ? -1 : 1)).slice(0, limit);
}

