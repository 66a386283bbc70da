import { ValidationError } from '../errors.ts';
import { parseAmount, type AmountProblem } from '../money/amount.ts';
import type { Classification } from '../accounts/records.ts';
import type { BudgetLine } from './records.ts';

/**
 * Budget rules, pure. A budget line is an account as a whole (no cost center) or within one
 * cost center, with one amount per period of the budget's year.
 */

/**
 * Lines a budget holds: they live in one item, and 500 lines of 24 periods at the widest
 * amounts (16 characters) with both ids come to about 280 KB of DynamoDB's 400 KB item.
 */
export const MAX_BUDGET_LINES = 500;

/** Only revenue and expense are budgeted: their variance has a favourable side (budget-vs-actual.ts). */
export const BUDGETED_CLASSIFICATIONS: readonly Classification[] = ['revenue', 'expense'];

const AMOUNT_REASONS: Record<AmountProblem, (precision: number) => string> = {
  format: () => 'must be a plain decimal number such as 1250.50 or -40',
  positive: () => 'must be a decimal number',
  precision: (p) => `has more than ${p} decimal places, the company's precision`,
  size: () => 'has more than 15 significant digits',
};

/** The canonical text of a budget amount: signed, zero allowed, at most `precision` decimals. */
export function parseBudgetAmount(text: string, precision: number): { amount: string } | { problem: AmountProblem } {
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  if (/^0(\.0+)?$/.test(digits)) return { amount: (0).toFixed(precision) };
  const parsed = parseAmount(digits, precision);
  return 'amount' in parsed && negative ? { amount: `-${parsed.amount}` } : parsed;
}

/**
 * Each line's amounts in canonical form: one per period, each at the company's precision.
 * Errors: ValidationError naming `lines[i].amounts` (PeriodCount) or `lines[i].amounts[k]`.
 */
export function checkLineAmounts(lines: ReadonlyArray<{ amounts: readonly string[] }>, periodCount: number, precision: number): string[][] {
  return lines.map((line, i) => {
    if (line.amounts.length !== periodCount) {
      throw ValidationError.field(`lines[${i}].amounts`, `must hold ${periodCount} amounts, one per period of the financial year (it holds ${line.amounts.length})`, 'PeriodCount');
    }
    return line.amounts.map((text, k) => {
      const parsed = parseBudgetAmount(text, precision);
      if ('problem' in parsed) throw ValidationError.field(`lines[${i}].amounts[${k}]`, AMOUNT_REASONS[parsed.problem](precision));
      return parsed.amount;
    });
  });
}

/**
 * An account is budgeted once as a whole, or once per cost center, never both (an actual
 * would then count in two lines). Errors: ValidationError DuplicateLine naming `lines[j]`, or
 * MixedCostCenterLines naming `lines[j].costCenterId`.
 */
export function checkDistinctLines(lines: readonly BudgetLine[]): void {
  const seen = new Map<string, number>();
  const wholeOrSplit = new Map<string, { whole: boolean; at: number }>();
  lines.forEach((line, j) => {
    const key = `${line.accountId} ${line.costCenterId ?? ''}`;
    const first = seen.get(key);
    if (first !== undefined) throw ValidationError.field(`lines[${j}]`, `repeats lines[${first}]: the same account and cost center`, 'DuplicateLine');
    seen.set(key, j);
    const whole = line.costCenterId === null;
    const earlier = wholeOrSplit.get(line.accountId);
    if (earlier && earlier.whole !== whole) {
      throw ValidationError.field(`lines[${j}].costCenterId`, `lines[${earlier.at}] budgets the same account ${earlier.whole ? 'as a whole' : 'by cost center'}: an account is budgeted either as a whole or by cost center`, 'MixedCostCenterLines');
    }
    if (!earlier) wholeOrSplit.set(line.accountId, { whole, at: j });
  });
}
