import type { StatementError, StatementLine } from './records.ts';
import { commaDecimal, signedAmount } from './statement-amount.ts';
import { entryDate, swiftDate } from './statement-dates.ts';
import type { Mt940Field } from './mt940-fields.ts';

/**
 * An MT940 statement line (pure): the :61: field and the :86: that follows it. :61: reads
 *
 *   value date YYMMDD, [entry date MMDD], mark (C, D; RC, RD a reversal), [funds code: the
 *   currency's third letter], amount with a decimal comma, transaction type (N, F or S and three
 *   characters), customer reference, [// bank reference]; a second line of further details
 *
 * e.g. 1407290729D2760,NTRFNONREF//B4G29PGCVO7Q06US. A reversal of a credit (RC) takes money
 * out, a reversal of a debit (RD) puts it back.
 */
const MARKS: Record<string, { negative: boolean; reversal: boolean }> = {
  C: { negative: false, reversal: false },
  D: { negative: true, reversal: false },
  RC: { negative: true, reversal: true },
  RD: { negative: false, reversal: true },
};

/** SWIFT's placeholder for a reference not given. */
const NONREF = 'NONREF';

export function readLine(field: Mt940Field, info: Mt940Field | undefined, currency: string): { line: StatementLine } | { error: StatementError } {
  const fail = (reason: string, code: StatementError['code']) => ({ error: { row: field.row, field: ':61:', reason, code } });
  const text = field.lines[0]!.trim();
  const parts = /^(\d{6})(\d{4})?(RC|RD|C|D)?([A-Z])?([\d,.]*)(.*)$/.exec(text);
  const [, value = '', entry, mark, funds, amountText = '', rest = ''] = parts ?? [];
  const valueDate = swiftDate(value);
  if (!valueDate) return fail(`must start with a valid value date YYMMDD, not ${JSON.stringify(text.slice(0, 6))}`, 'InvalidDate');
  const bookingDate = entry === undefined ? valueDate : entryDate(entry, valueDate);
  if (!bookingDate) return fail(`has an invalid entry date MMDD ${JSON.stringify(entry)} after the value date`, 'InvalidDate');
  const sign = mark === undefined ? undefined : MARKS[mark];
  if (!sign) return fail(`must give the debit/credit mark C, D, RC or RD after the dates, not ${JSON.stringify(/^\D*/.exec(text.slice(6 + (entry?.length ?? 0)))![0].slice(0, 4))}`, 'InvalidMark');
  if (funds !== undefined && funds !== currency[2]) return fail(`has the funds code ${funds}, which is not of ${currency}, the statement's currency`, 'CurrencyMismatch');
  const decimal = commaDecimal(amountText);
  if (decimal === undefined) return fail(`must give an amount with a decimal comma (1234,56) after the mark, not ${JSON.stringify(amountText.slice(0, 20))}`, 'InvalidAmount');
  const amount = signedAmount(decimal, currency, sign.negative);
  if (!('amount' in amount)) return fail(`amount ${amount.reason}`, 'InvalidAmount');
  if (!/^[NFS][A-Z0-9]{3}/.test(rest)) return fail(`must give the transaction type (N, F or S and three characters) after the amount, not ${JSON.stringify(rest.slice(0, 4))}`, 'Malformed');

  const [customer = '', bank] = splitOnce(rest.slice(4), '//');
  const bankReference = bank?.trim() || (customer.trim() === NONREF ? '' : customer.trim());
  if (!bankReference) return fail('has no bank reference (after //) and no customer reference (NONREF): a line needs a reference to be recognised on a re-run', 'MissingReference');
  const description = info ? info.lines.map((l) => l.trim()).filter((l) => l !== '').join('\n') : '';
  return { line: { bankReference, bookingDate, valueDate, amount: amount.amount, description, reversal: sign.reversal, source: { row: field.row } } };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
}
