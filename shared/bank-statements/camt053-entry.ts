import { at, children, textAt } from '../text/xml-elements.ts';
import { attributeOf } from './camt053-xml.ts';
import type { StatementError, StatementLine } from './records.ts';
import { signedAmount } from './statement-amount.ts';
import { dayOfDateTime, isoDate } from './statement-dates.ts';

/**
 * One camt.053 entry (Ntry) as a statement line (pure). An entry is one line even when it books
 * a batch (several TxDtls): its amount is the batch's, so the end-to-end id, structured
 * reference and counterparty are taken only from an entry of one transaction.
 */
export interface EntryPlace {
  /** The element path of the entry, as errors name it: Document/BkToCstmrStmt/Stmt[2]/Ntry[5]. */
  path: string;
  /** The entry's ordinal in the file. */
  row: number;
  currency: string;
}

/** camt's placeholder for a reference the payer did not give. */
const NOT_PROVIDED = 'NOTPROVIDED';

/** A date element (BookgDt, ValDt, a balance's Dt): its Dt, or the day of its DtTm. */
export function dateOf(element: unknown): string | undefined {
  const day = textAt(element, 'Dt');
  if (day !== undefined) return isoDate(day);
  const time = textAt(element, 'DtTm');
  return time === undefined ? undefined : dayOfDateTime(time);
}

/** Whether the entry is booked: a pending or information-only entry (PDNG, INFO) is not in the balances. */
export function isBooked(entry: unknown): boolean {
  // camt.053.001.02 writes the status as text, later versions as Sts/Cd.
  const status = textAt(entry, 'Sts') ?? textAt(entry, 'Sts', 'Cd');
  return status === undefined || status === 'BOOK';
}

/** The entry's amount, signed by its CdtDbtInd, after checking its currency. */
export function markedAmount(element: unknown, mark: string | undefined, currency: string): { amount: string } | { field: 'Amt' | 'CdtDbtInd'; reason: string; code: StatementError['code'] } {
  const text = textAt(element);
  if (text === undefined) return { field: 'Amt', reason: 'is required', code: 'Required' };
  const ccy = attributeOf(element, 'Ccy');
  if (ccy !== currency) return { field: 'Amt', reason: `is in ${ccy ?? 'no currency (Ccy)'}; the statement is in ${currency}`, code: 'CurrencyMismatch' };
  if (mark !== 'CRDT' && mark !== 'DBIT') return { field: 'CdtDbtInd', reason: `must be CRDT or DBIT, not ${JSON.stringify(mark ?? '')}`, code: 'InvalidMark' };
  const amount = signedAmount(text, currency, mark === 'DBIT');
  return 'amount' in amount ? amount : { field: 'Amt', reason: amount.reason, code: 'InvalidAmount' };
}

const BAD_DATE = 'must hold a valid date (Dt YYYY-MM-DD or DtTm)';

/** The statement line of a booked entry, or every error of it, each naming its element. */
export function readEntry(entry: unknown, place: EntryPlace): { line: StatementLine } | { errors: StatementError[] } {
  const errors: StatementError[] = [];
  const fail = (field: string, reason: string, code: StatementError['code']) => errors.push({ row: place.row, field: `${place.path}/${field}`, reason, code });

  const mark = textAt(entry, 'CdtDbtInd');
  const amount = markedAmount(at(entry, 'Amt'), mark, place.currency);
  if (!('amount' in amount)) fail(amount.field, amount.reason, amount.code);
  const booked = at(entry, 'BookgDt');
  const bookingDate = dateOf(booked);
  if (!bookingDate) fail('BookgDt', booked === undefined ? 'is required' : BAD_DATE, booked === undefined ? 'Required' : 'InvalidDate');
  const valued = at(entry, 'ValDt');
  const valueDate = valued === undefined ? bookingDate : dateOf(valued);
  if (valued !== undefined && !valueDate) fail('ValDt', BAD_DATE, 'InvalidDate');
  const bankReference = textAt(entry, 'AcctSvcrRef') ?? textAt(entry, 'NtryRef');
  if (!bankReference) fail('AcctSvcrRef', 'is required (or NtryRef): a line needs the bank’s reference to be recognised on a re-run', 'MissingReference');
  if (errors.length > 0 || !('amount' in amount) || !bookingDate || !valueDate || !bankReference) return { errors };

  const reversal = ['true', '1'].includes(textAt(entry, 'RvslInd') ?? '');
  const transactions = children(entry, 'NtryDtls').flatMap((details) => children(details, 'TxDtls'));
  const line: StatementLine = { bankReference, bookingDate, valueDate, amount: amount.amount, description: descriptionOf(entry, transactions), reversal, source: { row: place.row } };
  const [only] = transactions.length === 1 ? transactions : [];
  if (only !== undefined) Object.assign(line, transactionDetails(only, (mark === 'CRDT') !== reversal));
  return { line };
}

/** The remittance text of every transaction (Ustrd), then the entry's additional information: each piece once, a line each. */
function descriptionOf(entry: unknown, transactions: readonly unknown[]): string {
  const pieces = transactions.flatMap((tx) => children(tx, 'RmtInf').flatMap((info) => children(info, 'Ustrd').map((u) => textAt(u))));
  pieces.push(textAt(entry, 'AddtlNtryInf'));
  return [...new Set(pieces.filter((p): p is string => p !== undefined))].join('\n');
}

/**
 * The references and the counterparty of the one transaction of an entry. The counterparty is
 * the debtor of money paid in and the creditor of money paid out, as the original transaction
 * went (`paidIn`): a reversal runs the other way but names the original's parties.
 */
function transactionDetails(tx: unknown, paidIn: boolean): Pick<StatementLine, 'endToEndId' | 'structuredReference' | 'counterpartyName'> {
  const details: Pick<StatementLine, 'endToEndId' | 'structuredReference' | 'counterpartyName'> = {};
  const endToEndId = textAt(tx, 'Refs', 'EndToEndId');
  if (endToEndId && endToEndId !== NOT_PROVIDED) details.endToEndId = endToEndId;
  const structured = children(tx, 'RmtInf')
    .flatMap((info) => children(info, 'Strd'))
    .map((strd) => textAt(strd, 'CdtrRefInf', 'Ref'))
    .find((ref) => ref !== undefined);
  if (structured) details.structuredReference = structured;
  const party = at(tx, 'RltdPties', paidIn ? 'Dbtr' : 'Cdtr');
  // camt.053.001.02 names the party in Nm; from .001.08 on, in Pty/Nm.
  const name = textAt(party, 'Nm') ?? textAt(party, 'Pty', 'Nm');
  if (name) details.counterpartyName = name;
  return details;
}
