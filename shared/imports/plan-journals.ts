import type { AccountAttributes } from '../accounts/records.ts';
import { checkLineCurrency } from '../accounts/rules.ts';
import type { CostCenterAttributes } from '../cost-centers/cost-center-kind.ts';
import { AppError } from '../errors.ts';
import { Rate } from '../exchange-rates/schemas.ts';
import type { PeriodRecord, YearRecord } from '../financial-years/records.ts';
import { periodContaining } from '../financial-years/posting-rules.ts';
import { lineAmounts, type LineMoney } from '../journals/line-amounts.ts';
import type { TaxedEntry } from '../journals/line-tax.ts';
import { calendarDate, checkBalanced, CREDIT, DEBIT, fxRoundingLine, MAX_LINES, type Line } from '../journals/rules.ts';
import { Reference } from '../schemas/common.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { IsoDateField, IsoDateTimeField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import * as z from '../schemas/zod.ts';
import type { ChartIndex } from './chart-index.ts';
import type { ApprovalPolicyRecord } from '../approval-policies/records.ts';
import { approvalNeed } from '../approval-policies/rules.ts';
import { journalFacts } from '../journals/approval-facts.ts';
import { importedId } from './ids.ts';
import { journalAttachments, rowAttachmentIds, type ImportFiles, type PlannedAttachment } from './journal-attachments.ts';
import { rowTax, taxedJournalLines, type ImportTax } from './journal-tax.ts';
import type { RowError } from './records.ts';
import type { SourceRow } from './read-rows.ts';
import { parseCache, RowFields } from './row-fields.ts';
import { ROWS_PER_TURN, turnCounter, yieldTurn } from './yield-turn.ts';

/**
 * The check of a journals or opening-balances file, and the journals it plans. Rows with one
 * `reference` form one journal (an opening-balances file is one journal); a journal with any
 * invalid row is invalid whole. Each line is checked with the journals' own rules (amounts and
 * their precision, currencies and rates, leaf accounts, active cost centers, an account's
 * currency, counterparties), each journal as Create and Post would check it (its lines taxed as
 * Create taxes them: journal-tax.ts; lines, balance, a posting date in an open period of a year),
 * and the files uploaded to the company its rows name (journal-attachments.ts). A journal whose
 * reference the company already has is skipped, files and all; one this very job wrote (a
 * resumed job) is recognised by its id and planned again.
 */
export interface JournalBooks {
  importId: string;
  baseCurrency: string;
  decimalPrecision: number;
  fxRoundingAccountId?: string | null | undefined;
  accounts: ChartIndex<AccountAttributes>;
  costCenters: ChartIndex<CostCenterAttributes>;
  years: YearRecord[];
  /** Journals already in the books: the references they use, and which year each opening journal opens. */
  marks: ReadonlyArray<{ id: string; reference?: string | undefined; status: string; openingOf?: string | undefined }>;
  /** The company's rate in effect on a date. */
  rateOn: LineMoney['rateOn'];
  /** The tax codes and counterparties the file names, and the settings tax follows. */
  tax: ImportTax;
  /** The company's approval policy when it has rules: an import posts no journal a rule holds. */
  approvalPolicy?: ApprovalPolicyRecord | undefined;
  /** The files uploaded to the company that the file's rows name (journal-attachments.ts). */
  files: ImportFiles;
}

export interface PlannedJournal {
  id: string;
  /** The file's rows of this journal, and the first of them. */
  rows: number[];
  date: string;
  calendarDate: string;
  description?: string | undefined;
  reference?: string | undefined;
  entries: Line[];
  amountsIncludeTax?: boolean | undefined;
  posting?: { postingDate: string; financialYearId: string; periodId: string } | undefined;
  openingOf?: string | undefined;
  /** A draft a rule of the approval policy holds: written submitted, its approval asked in the importer's name. */
  asksApproval?: true | undefined;
  /** Files uploaded to the company that its rows name: written onto it with it (write-journals.ts). */
  attachments?: PlannedAttachment[] | undefined;
}

export interface JournalPlan {
  errors: RowError[];
  invalidRows: Set<number>;
  skippedRows: Set<number>;
  journals: PlannedJournal[];
}

/** What one checked row contributes to its journal. */
interface CheckedRow {
  source: SourceRow;
  fields: RowFields;
  reference?: string | undefined;
  date?: string | undefined;
  postingDate?: string | undefined;
  description?: string | undefined;
  amountsIncludeTax?: boolean | undefined;
  line?: Line | undefined;
  /** What the row says of its line's tax (journals only). */
  tax?: TaxedEntry | undefined;
  /** Files uploaded to the company the row names (journals only). */
  attachmentIds?: string[] | undefined;
}

const SIDES: Record<string, typeof DEBIT | typeof CREDIT> = { '1': DEBIT, '2': CREDIT, debit: DEBIT, credit: CREDIT };
const text = (max: number) => z.string().check(z.maxLength(max, { error: `must be at most ${max} characters` }));
/** The fields' schemas, built once (a file has up to 100,000 rows). */
const Fields = /* @__PURE__ */ lazy(() => ({
  reference: text(100),
  description: text(500),
  /** A date (YYYY-MM-DD, taken as midnight UTC) or a date-time with an offset, as journals take. */
  date: z.union([z.pipe(IsoDateField(), z.transform((d: string) => `${d}T00:00:00Z`)), IsoDateTimeField()], { error: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset' }),
  postingDate: IsoDateField(),
  path: Reference(),
  currency: CurrencyCode(),
  rate: Rate(),
}));

/**
 * Checks a journals file (`post`: each journal to be posted on its posting date). Linear in the
 * rows: they are grouped by reference first, and a journal of more rows than a journal holds is
 * refused whole at once, its lines not checked.
 */
export async function planJournals(books: JournalBooks, rows: readonly SourceRow[], readErrors: readonly RowError[], post: boolean): Promise<JournalPlan> {
  const errorsOf = byRow(readErrors);
  const cache = parseCache();
  const turn = turnCounter();
  // By reference (a row without a valid one is a journal of its own), pushing onto each group: one pass.
  const groups = new Map<string, { reference?: string | undefined; rows: RowFields[] }>();
  for (const source of rows) {
    const fields = new RowFields(source, cache);
    fields.errors.push(...(errorsOf.get(source.row) ?? []));
    const reference = fields.read('reference', Fields().reference);
    const key = reference ?? `\u0000row ${source.row}`;
    const group = groups.get(key);
    if (group) group.rows.push(fields);
    else groups.set(key, { reference, rows: [fields] });
    await turn();
  }
  const used = new Map(books.marks.filter((m) => m.reference !== undefined).map((m) => [m.reference!, m.id]));
  const plan: JournalPlan = { errors: [], invalidRows: new Set(), skippedRows: new Set(), journals: [] };
  // The lines of journals within the limit, checked side by side (their rates read at once), then each journal of them.
  const journals = [...groups].filter(([, { reference, rows: rowsOfJournal }]) => {
    if (rowsOfJournal.length <= MAX_LINES) return true;
    refuseOversize(plan, rowsOfJournal, reference);
    return false;
  });
  const checked = await checkRows(
    journals.flatMap(([, { reference, rows: rowsOfJournal }]) => rowsOfJournal.map((fields) => ({ fields, reference }))),
    ({ fields, reference }) => checkJournalRow(books, fields, reference),
  );
  let at = 0;
  // The files each journal takes, by id: a file goes on one journal of the file.
  const claimed = new Map<string, string>();
  for (const [key, { reference, rows: rowsOfJournal }] of journals) {
    const group = checked.slice(at, (at += rowsOfJournal.length));
    const id = importedId(books.importId, `journal ${key}`);
    const alreadyThere = used.has(key) && used.get(key) !== id;
    const journal = reference === undefined ? undefined : await journalOf(books, group, id, post);
    // A journal already in the books is skipped whole: the files its rows name are not attached again.
    settle(plan, group, journal && !alreadyThere ? withAttachments(books, group, journal, claimed) : journal, alreadyThere);
    await turn(group.length);
  }
  plan.errors.sort((a, b) => a.row - b.row);
  return plan;
}

/** The journal with the files its rows name, or undefined when one is refused (an error on its row). */
function withAttachments(books: JournalBooks, group: CheckedRow[], journal: PlannedJournal, claimed: Map<string, string>): PlannedJournal | undefined {
  if (!group.some((r) => r.attachmentIds?.length)) return journal;
  const dates = [journal.calendarDate, ...(journal.posting ? [journal.posting.postingDate] : [])];
  const attachments = journalAttachments(books.files, group, { id: journal.id, reference: journal.reference, dates }, books.years, claimed);
  return attachments && { ...journal, attachments };
}

/** Checks an opening-balances file: one journal dated and posted on the first day of `year`. */
export async function planOpeningBalances(books: JournalBooks, rows: readonly SourceRow[], readErrors: readonly RowError[], year: YearRecord): Promise<JournalPlan> {
  const errorsOf = byRow(readErrors);
  const cache = parseCache();
  const rowFields = rows.map((source) => {
    const fields = new RowFields(source, cache);
    fields.errors.push(...(errorsOf.get(source.row) ?? []));
    return fields;
  });
  const plan: JournalPlan = { errors: [], invalidRows: new Set(), skippedRows: new Set(), journals: [] };
  if (rowFields.length > MAX_LINES) {
    refuseOversize(plan, rowFields);
    plan.errors.sort((a, b) => a.row - b.row);
    return plan;
  }
  const checked = await checkRows(rowFields, (fields) => checkOpeningRow(books, fields, year.startDate));
  const id = importedId(books.importId, `opening ${year.id}`);
  const opened = books.marks.some((m) => m.openingOf === year.id && m.status !== 'voided' && m.id !== id);
  const journal = checked.length === 0 ? undefined : await openingJournalOf(books, checked, id, year);
  settle(plan, checked, journal, opened);
  plan.errors.sort((a, b) => a.row - b.row);
  return plan;
}

/** Checks rows side by side (their rates are read at once), at most ROWS_PER_TURN of them between two yields. */
async function checkRows<T>(rows: readonly T[], check: (row: T) => Promise<CheckedRow>): Promise<CheckedRow[]> {
  const checked: CheckedRow[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    if (start > 0) await yieldTurn();
    for (const row of await Promise.all(rows.slice(start, start + ROWS_PER_TURN).map(check))) checked.push(row);
  }
  return checked;
}

/**
 * A journal of more rows than a journal holds lines (an opening-balances file when `reference`
 * is not given): every row invalid, one error on its first row naming the row that goes beyond
 * the limit, and none of its lines checked (a file of one reference may have 100,000 rows).
 */
function refuseOversize(plan: JournalPlan, rows: readonly RowFields[], reference?: string): void {
  const first = rows[0]!;
  const which = reference === undefined ? 'the opening balances have' : `journal ${reference} has`;
  first.fail(reference === undefined ? 'accountPath' : 'reference', `${which} ${rows.length} rows, from row ${first.source.row} to row ${rows.at(-1)!.source.row}; a journal holds at most ${MAX_LINES} lines (row ${rows[MAX_LINES]!.source.row} is line ${MAX_LINES + 1}): split it into journals of at most ${MAX_LINES} lines`, 'TooManyLines');
  for (const fields of rows) {
    for (const error of fields.errors) plan.errors.push(error);
    plan.invalidRows.add(fields.source.row);
  }
}

function byRow(errors: readonly RowError[]): Map<number, RowError[]> {
  const map = new Map<number, RowError[]>();
  for (const error of errors) {
    const list = map.get(error.row);
    if (list) list.push(error);
    else map.set(error.row, [error]);
  }
  return map;
}

/** Files a journal's rows: invalid (any row or the journal has an error), skipped (already in the books), or planned. */
function settle(plan: JournalPlan, group: CheckedRow[], journal: PlannedJournal | undefined, alreadyThere: boolean): void {
  const errors = group.flatMap((r) => r.fields.errors);
  for (const error of errors) plan.errors.push(error);
  const rows = group.map((r) => r.source.row);
  if (errors.length > 0 || !journal) for (const row of rows) plan.invalidRows.add(row);
  else if (alreadyThere) for (const row of rows) plan.skippedRows.add(row);
  else plan.journals.push(journal);
}

/** A row of a journals file (its read errors already on `fields`, its reference read). */
async function checkJournalRow(books: JournalBooks, fields: RowFields, reference: string | undefined): Promise<CheckedRow> {
  const { source } = fields;
  const schemas = Fields();
  const date = fields.read('date', schemas.date);
  const postingDate = fields.read('postingDate', schemas.postingDate);
  const description = fields.read('description', schemas.description);
  const sideText = fields.text('side');
  const side = sideText === undefined ? undefined : SIDES[sideText.toLowerCase()];
  if (sideText !== undefined && side === undefined) fields.fail('side', 'must be 1 (debit) or 2 (credit), or debit or credit');
  const { tax, counterpartyId, amountsIncludeTax } = rowTax(books.tax, fields);
  const attachmentIds = rowAttachmentIds(fields);
  const line = date && side ? await lineOf(books, fields, side, fields.text('amount'), calendarDate(date), { amount: 'amount', currency: 'currency', exchangeRate: 'exchangeRate' }) : undefined;
  return { source, fields, reference, date, postingDate, description, amountsIncludeTax, line: line && counterpartyId ? { ...line, counterpartyId } : line, tax, attachmentIds };
}

/** A row of an opening-balances file (its read errors already on `fields`). */
async function checkOpeningRow(books: JournalBooks, fields: RowFields, date: string): Promise<CheckedRow> {
  const { source } = fields;
  const debit = fields.text('debit');
  const credit = fields.text('credit');
  const given = [debit, credit].filter((v) => v !== undefined && !/^0*(\.0*)?$/.test(v));
  if (given.length !== 1) {
    fields.fail(given.length === 0 ? 'debit' : 'credit', 'give one amount: a debit or a credit balance', given.length === 0 ? 'Required' : 'ValidationError');
    return { source, fields };
  }
  const side = debit === given[0] ? DEBIT : CREDIT;
  const column = side === DEBIT ? 'debit' : 'credit';
  const line = await lineOf(books, fields, side, given[0], date, { amount: column, currency: column, exchangeRate: column });
  return { source, fields, line };
}

/** A row's line: its account and cost center resolved, its amount (and currency, rate) read as a journal line's. */
async function lineOf(books: JournalBooks, fields: RowFields, side: typeof DEBIT | typeof CREDIT, amountText: string | undefined, date: string, columns: { amount: string; currency: string; exchangeRate: string }): Promise<Line | undefined> {
  const schemas = Fields();
  const accountRef = fields.read('accountPath', schemas.path);
  const costCenterRef = fields.read('costCenterPath', schemas.path);
  const currency = fields.read('currency', schemas.currency);
  const exchangeRate = fields.read('exchangeRate', schemas.rate);
  const account = accountRef === undefined ? undefined : books.accounts.resolve(accountRef);
  if (accountRef !== undefined && !account) fields.fail('accountPath', `names no account of the company (${accountRef})`, 'NotFound');
  if (account && account.attributes.accountType !== 'leaf') fields.fail('accountPath', 'is a category account; only leaf accounts take entries', 'CategoryAccount');
  const costCenter = costCenterRef === undefined ? undefined : books.costCenters.resolve(costCenterRef);
  if (costCenterRef !== undefined && !costCenter) fields.fail('costCenterPath', `names no cost center of the company (${costCenterRef})`, 'NotFound');
  if (costCenter && costCenter.attributes.status !== 'active') fields.fail('costCenterPath', 'is an inactive cost center', 'InactiveCostCenter');
  if (!account || amountText === undefined || !fields.ok) return undefined;
  const money: LineMoney = { baseCurrency: books.baseCurrency, basePrecision: books.decimalPrecision, date, rateOn: books.rateOn };
  try {
    const [amounts] = await lineAmounts([{ accountId: account.id, side, amount: amountText, currency, exchangeRate }], money);
    checkLineCurrency(account.attributes, amounts!.currency!, 'entries[0].currency');
    return { accountId: account.id, costCenterId: costCenter?.id ?? null, side, ...amounts! };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const item = error.items[0]!;
    const field = item.name.split('.').at(-1) as keyof typeof columns;
    fields.fail(columns[field] ?? columns.amount, item.reason, item.code);
    return undefined;
  }
}

/** The journal of a reference's rows: one date, posting date, description and amountsIncludeTax for all of them, its lines taxed, checked as Post would. */
async function journalOf(books: JournalBooks, group: CheckedRow[], id: string, post: boolean): Promise<PlannedJournal | undefined> {
  const first = group[0]!;
  for (const row of group.slice(1)) {
    for (const field of ['date', 'postingDate', 'description', 'amountsIncludeTax'] as const) {
      if (row[field] !== undefined && first[field] !== undefined && row[field] !== first[field]) {
        row.fields.fail(field, `differs from row ${first.source.row}, the first row of journal ${first.reference}: one journal has one ${field}`, 'InconsistentJournal');
      }
    }
  }
  const date = first.date;
  if (!date || group.some((r) => !r.fields.ok || !r.line)) return undefined;
  const description = group.find((r) => r.description !== undefined)?.description;
  const givenPostingDate = group.find((r) => r.postingDate !== undefined)?.postingDate;
  const amountsIncludeTax = group.find((r) => r.amountsIncludeTax !== undefined)?.amountsIncludeTax;
  const taxed = await taxedJournalLines(books.tax, group.map((r) => ({ fields: r.fields, line: r.line!, tax: r.tax ?? {} })), calendarDate(date), amountsIncludeTax ?? false);
  if (!taxed) return undefined;
  const journal = linesOf(books, group, taxed, { id, date, description, reference: first.reference, amountsIncludeTax }, post);
  if (!journal || !post) {
    if (journal) {
      const year = yearOf(books.years, journal.calendarDate);
      if (year && year.status !== 'open') first.fields.fail('date', `falls in the financial year ${year.name}, which is closed and takes no new journals`, 'YearClosed');
    }
    if (!journal || !first.fields.ok) return undefined;
    return (await heldBy(books, journal)) ? { ...journal, asksApproval: true } : journal;
  }
  if (!(await postableUnheld(books, journal, first.fields, 'reference'))) return undefined;
  const postingDate = givenPostingDate ?? journal.calendarDate;
  const where = openPeriod(books.years, postingDate);
  if ('problem' in where) {
    first.fields.fail(givenPostingDate ? 'postingDate' : 'date', where.problem.reason, where.problem.code);
    return undefined;
  }
  return { ...journal, posting: { postingDate, financialYearId: where.year.id, periodId: where.period.id } };
}

async function openingJournalOf(books: JournalBooks, rows: CheckedRow[], id: string, year: YearRecord): Promise<PlannedJournal | undefined> {
  const first = rows[0]!;
  if (rows.some((r) => !r.fields.ok || !r.line)) return undefined;
  const journal = linesOf(books, rows, rows.map((r) => r.line!), { id, date: `${year.startDate}T00:00:00Z`, description: `Opening balances of ${year.name}`, openingOf: year.id }, true, 'debit');
  if (!journal || !(await postableUnheld(books, journal, first.fields, 'accountPath'))) return undefined;
  const where = openPeriod([year], year.startDate);
  if ('problem' in where) {
    first.fields.fail('financialYearId', where.problem.reason, where.problem.code);
    return undefined;
  }
  return { ...journal, posting: { postingDate: year.startDate, financialYearId: year.id, periodId: where.period.id } };
}

/**
 * The journal's lines (its rows' in row order, then any tax lines), with the rounding line
 * foreign lines may need (as Create adds it), checked for width and, when it is to be posted,
 * for balance.
 */
function linesOf(books: JournalBooks, group: CheckedRow[], lines: Line[], head: Pick<PlannedJournal, 'id' | 'date' | 'description' | 'reference' | 'openingOf' | 'amountsIncludeTax'>, post: boolean, amountColumn = 'amount'): PlannedJournal | undefined {
  const first = group[0]!;
  const rounding = books.fxRoundingAccountId ? fxRoundingLine(lines, books.decimalPrecision, books.fxRoundingAccountId, books.baseCurrency) : undefined;
  const entries = rounding ? [...lines, rounding] : lines;
  if (entries.length > MAX_LINES) {
    first.fields.fail(head.openingOf ? 'accountPath' : 'reference', `makes a journal of ${entries.length} lines; a journal holds at most ${MAX_LINES}`, 'TooManyLines');
    return undefined;
  }
  if (post) {
    try {
      checkBalanced(entries);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const rows = group.map((r) => r.source.row);
      const which = head.openingOf ? 'the opening balances' : `journal ${head.reference}`;
      first.fields.fail(error.items[0]!.code === 'TooFewLines' ? (head.openingOf ? 'accountPath' : 'reference') : amountColumn, `${which} (rows ${rows[0]}-${rows.at(-1)}): ${error.items[0]!.reason}`, error.items[0]!.code);
      return undefined;
    }
  }
  return { ...head, rows: group.map((r) => r.source.row), calendarDate: calendarDate(head.date), entries };
}

/** The rules of the approval policy that hold the journal (their names), or undefined when none does. */
async function heldBy(books: JournalBooks, journal: PlannedJournal): Promise<string[] | undefined> {
  const policy = books.approvalPolicy;
  if (!policy) return undefined;
  // The whole chart is in memory: the walk up it reads nothing.
  const inChart = (chart: ChartIndex) => ({ getMany: async (_: string, ids: string[]) => ids.flatMap((id) => chart.get(id) ?? []) });
  const reads = { accounts: inChart(books.accounts), costCenters: inChart(books.costCenters), settings: { read: async () => ({ settings: { baseCurrency: books.baseCurrency } }) } };
  return approvalNeed(policy, await journalFacts(reads, '', { entries: journal.entries, importId: books.importId }, policy))?.rules;
}

/**
 * A journal an import would post is one no rule of the approval policy holds (an import cannot
 * give approval): else its first row fails, naming the rules (ApprovalRequired).
 */
async function postableUnheld(books: JournalBooks, journal: PlannedJournal, fields: RowFields, field: string): Promise<boolean> {
  const held = await heldBy(books, journal);
  if (!held) return true;
  const rules = held.map((r) => `"${r}"`).join(', ');
  fields.fail(field, `makes a journal the approval policy's rule ${rules} holds for approval, which an import cannot give: import it without post (its journals are written submitted), then approve them (Approve, or the import's Approve)`, 'ApprovalRequired');
  return false;
}

const yearOf = (years: readonly YearRecord[], date: string) => years.find((y) => y.startDate <= date && date <= y.endDate);

/** The open period of an open year containing the date, or why there is none (as Post says it). */
function openPeriod(years: readonly YearRecord[], date: string): { year: YearRecord; period: PeriodRecord } | { problem: { reason: string; code: string } } {
  const year = yearOf(years, date);
  if (!year) return { problem: { reason: `no financial year contains ${date}`, code: 'NoFinancialYear' } };
  const period = periodContaining(year, date);
  if (year.status !== 'open') return { problem: { reason: `the financial year of ${date} is closed`, code: 'PeriodNotOpen' } };
  if (period.status !== 'open') return { problem: { reason: `the period of ${date} is ${period.status}`, code: 'PeriodNotOpen' } };
  return { year, period };
}
