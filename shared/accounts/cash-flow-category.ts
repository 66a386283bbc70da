import { ValidationError } from '../errors.ts';
import { CASH_FLOW_CATEGORIES } from '../schemas/account-values.ts';
import type { CashFlowCategory, Classification } from './records.ts';

/**
 * Where an account's movements sit in the cash flow statement (indirect method), pure:
 * - `cash`: cash and cash equivalents; the statement explains their change;
 * - `operating`, `investing`, `financing`: the account's change shows in that section;
 * - `nonCash`: a balance-sheet account moved by non-cash entries (accumulated depreciation,
 *   provisions); its change is added back to net profit.
 * Revenue and expense make up net profit, which opens the operating section, so they are
 * `operating` only; cash is an asset (or an overdraft, a liability), never equity, revenue or
 * expense. An account without one takes its classification's default.
 */
const DEFAULTS: Readonly<Record<Classification, CashFlowCategory>> = { asset: 'operating', liability: 'operating', equity: 'financing', revenue: 'operating', expense: 'operating' };

const ALLOWED: Readonly<Record<Classification, readonly CashFlowCategory[]>> = {
  asset: CASH_FLOW_CATEGORIES,
  liability: CASH_FLOW_CATEGORIES,
  equity: ['operating', 'investing', 'financing', 'nonCash'],
  revenue: ['operating'],
  expense: ['operating'],
};

/**
 * The category the statement uses: the stored one while the classification allows it, else
 * the classification's default (a root reclassified after its accounts were categorised).
 */
export function effectiveCashFlowCategory(classification: Classification, stored: CashFlowCategory | undefined): CashFlowCategory {
  return stored && ALLOWED[classification].includes(stored) ? stored : DEFAULTS[classification];
}

/**
 * The category to store: `given` on a create; on an update, left out (undefined) keeps the
 * current one and null goes back to the default (nothing stored).
 * Errors: ValidationError (CashFlowCategory) naming `cashFlowCategory` when the classification refuses it.
 */
export function storedCashFlowCategory(classification: Classification, given: CashFlowCategory | null | undefined, current?: CashFlowCategory): CashFlowCategory | undefined {
  const category = given === undefined ? current : (given ?? undefined);
  if (category === undefined || ALLOWED[classification].includes(category)) return category;
  // A kept category the classification no longer allows (a root reclassified meanwhile) falls back to the default.
  if (given === undefined) return undefined;
  const reason =
    classification === 'revenue' || classification === 'expense'
      ? `must be operating for a ${classification} account: revenue and expense make up net profit, which opens the operating section (mark the balance-sheet side of a non-cash entry nonCash instead)`
      : `must be one of ${ALLOWED[classification].join(', ')} for a ${classification} account`;
  throw ValidationError.field('cashFlowCategory', reason, 'CashFlowCategory');
}
