import { type Info, parse } from 'csv-parse/sync';
import { csvColumns, type CsvColumn } from './csv-columns.ts';
import { tooLarge, tooManyLines } from './file-bounds.ts';
import type { ParsedStatement, ParseResult, StatementBalance, StatementError, StatementLine } from './records.ts';
import { currencyProblem, signedAmount, signedDecimal } from './statement-amount.ts';
import { finishStatements, refused, type StatementDraft } from './statement-checks.ts';
import { isoDate } from './statement-dates.ts';

/**
 * A CSV statement (pure): a bank's export of one account's lines, read by csv-parse (RFC 4180,
 * header row, UTF-8 with or without BOM; line ends CRLF, CR or LF, read as LF). The file has no balances of its own, so the caller
 * gives them with the statement's id, account and currency. Dates are YYYY-MM-DD and amounts
 * decimal with a point: a signed `amount` (above zero: money in) or `debit` and `credit`
 * columns, one of them filled per row. `row` is the line of the file the record starts on.
 */
export interface CsvStatementOptions {
  statementId: string;
  account: ParsedStatement['account'];
  currency: string;
  openingBalance: StatementBalance;
  closingBalance: StatementBalance;
}

type Values = Partial<Record<CsvColumn, string>>;

export function parseCsvStatement(file: string, options: CsvStatementOptions): ParseResult {
  const large = tooLarge(file);
  if (large) return refused(large);
  const given = readOptions(options);
  if ('errors' in given) return { statements: [], errors: given.errors };
  let records: { record: string[]; info: Info }[];
  try {
    // csv-parse's types do not follow `info: true`, which wraps each record with where it ends.
    // Line ends made LF first: csv-parse counts a CRLF inside a quoted value as two lines.
    records = parse(file.replace(/\r\n?/g, '\n'), { bom: true, skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch (error) {
    const { message, lines } = error as Error & { lines?: number };
    return refused({ row: lines ?? 0, field: 'file', reason: `is not valid CSV: ${message}`, code: 'Malformed' });
  }
  const [header, ...body] = records;
  if (!header) return refused({ row: 0, field: 'file', reason: 'is empty: the first row names the columns', code: 'Malformed' });
  const columns = csvColumns(header.record);
  if ('errors' in columns) return { statements: [], errors: columns.errors };
  const many = tooManyLines(body.length);
  if (many) return refused(many);

  const draft: StatementDraft = { ...given.draft, row: header.info.lines, closingField: 'closingBalance', lines: [], errors: [] };
  for (const { record, info } of body) {
    // csv-parse counts lines to the record's end; a quoted value may span lines.
    const row = info.lines - record.reduce((breaks, value) => breaks + (value.match(/\n/g)?.length ?? 0), 0);
    const values: Values = Object.fromEntries(columns.columns.map((c, j) => [c, record[j]?.trim() ?? '']).filter(([, v]) => v !== ''));
    const read = readRow(values, row, options.currency);
    if ('line' in read) draft.lines.push(read.line);
    else draft.errors.push(...read.errors);
  }
  return finishStatements([draft]);
}

/** The caller's statement facts, checked as a file's would be (row 0, the option's name). */
function readOptions(options: CsvStatementOptions): { draft: Pick<StatementDraft, 'statementId' | 'account' | 'currency' | 'openingBalance' | 'closingBalance'> } | { errors: StatementError[] } {
  const errors: StatementError[] = [];
  const fail = (field: string, reason: string, code: StatementError['code']) => errors.push({ row: 0, field, reason, code });
  if (!options.statementId?.trim()) fail('statementId', 'is required', 'Required');
  if (!options.account?.iban && !options.account?.number) fail('account', 'must give the iban or the number of the account', 'Required');
  const currency = currencyProblem(options.currency ?? '');
  if (currency) return { errors: [...errors, { row: 0, field: 'currency', reason: currency, code: 'UnknownCurrency' }] };
  const balance = (name: 'openingBalance' | 'closingBalance'): StatementBalance | undefined => {
    const amount = signedDecimal(options[name]?.amount ?? '', options.currency);
    const date = isoDate(options[name]?.date ?? '');
    if (!('amount' in amount)) fail(`${name}.amount`, amount.reason, 'InvalidAmount');
    if (!date) fail(`${name}.date`, 'must be a date YYYY-MM-DD', 'InvalidDate');
    return 'amount' in amount && date ? { amount: amount.amount, date } : undefined;
  };
  const [openingBalance, closingBalance] = [balance('openingBalance'), balance('closingBalance')];
  if (errors.length > 0) return { errors };
  return { draft: { statementId: options.statementId.trim(), account: options.account, currency: options.currency, openingBalance, closingBalance } };
}

function readRow(values: Values, row: number, currency: string): { line: StatementLine } | { errors: StatementError[] } {
  const errors: StatementError[] = [];
  const fail = (field: string, reason: string, code: StatementError['code']) => errors.push({ row, field, reason, code });
  const bookingDate = values.bookingDate && isoDate(values.bookingDate);
  if (!bookingDate) fail('bookingDate', values.bookingDate ? `must be a date YYYY-MM-DD, not ${JSON.stringify(values.bookingDate)}` : 'is required', values.bookingDate ? 'InvalidDate' : 'Required');
  const valueDate = values.valueDate ? isoDate(values.valueDate) : bookingDate;
  if (!valueDate && values.valueDate) fail('valueDate', `must be a date YYYY-MM-DD, not ${JSON.stringify(values.valueDate)}`, 'InvalidDate');
  if (!values.bankReference) fail('bankReference', 'is required: a line needs the bank’s reference to be recognised on a re-run', 'MissingReference');
  const amount = amountOf(values, currency);
  if ('field' in amount) fail(amount.field, amount.reason, amount.code);
  if (errors.length > 0 || !bookingDate || !valueDate || !values.bankReference || !('amount' in amount)) return { errors };
  const line: StatementLine = { bankReference: values.bankReference, bookingDate, valueDate, amount: amount.amount, description: values.description ?? '', reversal: false, source: { row } };
  if (values.counterparty) line.counterpartyName = values.counterparty;
  return { line };
}

/** The signed amount of a row: its `amount`, or its credit (money in) or its debit (money out), never both. */
function amountOf(values: Values, currency: string): { amount: string } | { field: CsvColumn; reason: string; code: StatementError['code'] } {
  if (values.amount !== undefined) {
    const amount = signedDecimal(values.amount, currency);
    return 'amount' in amount ? amount : { field: 'amount', reason: amount.reason, code: 'InvalidAmount' };
  }
  if (values.debit !== undefined && values.credit !== undefined) return { field: 'credit', reason: 'must be empty when the debit is given: a row is money in or money out', code: 'InvalidAmount' };
  const field = values.debit !== undefined ? 'debit' : 'credit';
  const text = values[field];
  if (text === undefined) return { field: 'amount', reason: 'is required: give the amount, or the debit or the credit', code: 'Required' };
  const amount = signedAmount(text, currency, field === 'debit');
  return 'amount' in amount ? amount : { field, reason: amount.reason, code: 'InvalidAmount' };
}
