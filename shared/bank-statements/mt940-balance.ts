import type { StatementBalance, StatementError } from './records.ts';
import { commaDecimal, currencyProblem, signedAmount } from './statement-amount.ts';
import { swiftDate } from './statement-dates.ts';
import type { Mt940Field } from './mt940-fields.ts';

/**
 * An MT940 balance field (pure): :60F:/:60M: opening, :62F:/:62M: closing. Its value is the
 * debit/credit mark (C or D), the date YYMMDD, the currency and the amount with a decimal
 * comma: C140729EUR3058,98.
 */
export function readBalance(field: Mt940Field): { balance: StatementBalance; currency: string } | { error: StatementError } {
  const value = field.lines.join('').trim();
  const fail = (reason: string, code: StatementError['code']) => ({ error: { row: field.row, field: `:${field.tag}:`, reason, code } });
  const mark = value[0];
  if (mark !== 'C' && mark !== 'D') return fail(`must start with the debit/credit mark C or D, not ${JSON.stringify(value.slice(0, 1))}`, 'InvalidMark');
  const date = swiftDate(value.slice(1, 7));
  if (!date) return fail(`must give a valid date YYMMDD after the mark, not ${JSON.stringify(value.slice(1, 7))}`, 'InvalidDate');
  const currency = value.slice(7, 10);
  const unknown = currencyProblem(currency);
  if (unknown) return fail(`currency ${unknown}`, 'UnknownCurrency');
  const text = value.slice(10);
  const decimal = commaDecimal(text);
  if (decimal === undefined) return fail(`must end with an amount with a decimal comma (1234,56), not ${JSON.stringify(text.slice(0, 40))}`, 'InvalidAmount');
  const amount = signedAmount(decimal, currency, mark === 'D');
  if (!('amount' in amount)) return fail(`amount ${amount.reason}`, 'InvalidAmount');
  return { balance: { amount: amount.amount, date }, currency };
}
