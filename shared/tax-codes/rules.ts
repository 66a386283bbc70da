import { ValidationError } from '../errors.ts';
import type { TaxCodeRecord, TaxKind, TaxRate } from './records.ts';

/**
 * Tax code rules (pure): which fields each kind takes, how rates follow one another, and the
 * rate a journal's date finds. docs/decisions.md, "Tax codes".
 */

/** At most this many rates per code: a rate changes a few times a decade. */
export const MAX_TAX_RATES = 20;
export const PERCENT_DECIMALS = 4;

/** Kinds whose lines carry no tax: their base still counts in the return. */
const UNTAXED: readonly TaxKind[] = ['zeroRated', 'exempt', 'outOfScope'];

export const isTaxed = (kind: TaxKind) => !UNTAXED.includes(kind);

const PERCENT = /^(0|[1-9]\d{0,2})(?:\.(\d+))?$/;

/** The canonical text of a percent from 0 to 100 ("15.00" -> "15"), or why it is refused. */
export function parsePercent(text: string): { percent: string } | { problem: string } {
  const match = PERCENT.exec(text);
  if (!match) return { problem: 'must be a percent from 0 to 100 such as 15 or "15" (digits and a point; no sign or exponent)' };
  const whole = match[1]!;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > PERCENT_DECIMALS) return { problem: `must have at most ${PERCENT_DECIMALS} decimals` };
  if (Number(whole) > 100 || (whole === '100' && fraction !== '')) return { problem: 'must be at most 100' };
  return { percent: fraction ? `${whole}.${fraction}` : whole };
}

/** What a create or replace decides of a code, before its accounts are checked. */
export type TaxCodeFields = Pick<TaxCodeRecord, 'kind' | 'direction' | 'rates' | 'taxAccountId' | 'reverseChargeAccountId' | 'baseBoxes' | 'taxBoxes'>;

/**
 * The rates oldest first, each day once. Errors: ValidationError naming `rates[i].effectiveFrom`
 * (as sent) for a day given twice.
 */
export function orderedRates(rates: readonly TaxRate[]): TaxRate[] {
  const seen = new Map<string, number>();
  rates.forEach((rate, i) => {
    const earlier = seen.get(rate.effectiveFrom);
    if (earlier !== undefined) throw ValidationError.field(`rates[${i}].effectiveFrom`, `repeats rates[${earlier}]: one rate per day`);
    seen.set(rate.effectiveFrom, i);
  });
  return [...rates].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
}

/**
 * A code's fields agree with its kind and with the return boxes of the company's jurisdiction
 * (`assignable`: the box ids a code may name; null when the company has no jurisdiction).
 * Errors: ValidationError naming the field.
 */
export function checkTaxCodeFields(fields: TaxCodeFields, assignable: readonly string[] | null): void {
  const { kind, direction, rates, taxAccountId, reverseChargeAccountId, baseBoxes, taxBoxes } = fields;
  if (isTaxed(kind)) {
    if (taxAccountId === null) throw ValidationError.field('taxAccountId', `is required for a ${kind} code: the account its tax posts to`);
  } else {
    const taxed = rates.findIndex((r) => r.percent !== '0');
    if (taxed >= 0) throw ValidationError.field(`rates[${taxed}].percent`, `must be 0: a ${kind} code carries no tax`);
    if (taxAccountId !== null) throw ValidationError.field('taxAccountId', `must be null: a ${kind} code carries no tax`);
    if (taxBoxes.length > 0) throw ValidationError.field('taxBoxes', `must be empty: a ${kind} code carries no tax`);
  }
  if (kind === 'reverseCharge') {
    if (direction !== 'purchases') throw ValidationError.field('direction', 'must be purchases: the buyer accounts for a reverse charge');
    if (reverseChargeAccountId === null) throw ValidationError.field('reverseChargeAccountId', 'is required for a reverseCharge code: the account the self-assessed tax is due on');
    if (reverseChargeAccountId === taxAccountId) throw ValidationError.field('reverseChargeAccountId', 'must differ from taxAccountId: the tax is due on one account and recoverable on the other');
  } else if (reverseChargeAccountId !== null) {
    throw ValidationError.field('reverseChargeAccountId', 'must be null: only a reverseCharge code has one');
  }
  checkBoxes('baseBoxes', baseBoxes, assignable);
  checkBoxes('taxBoxes', taxBoxes, assignable);
}

function checkBoxes(field: 'baseBoxes' | 'taxBoxes', boxes: readonly string[], assignable: readonly string[] | null): void {
  boxes.forEach((box, i) => {
    if (assignable === null) throw ValidationError.field(`${field}[${i}]`, 'needs the company’s taxJurisdiction (settings): boxes are those of its return');
    if (!assignable.includes(box)) throw ValidationError.field(`${field}[${i}]`, `is not a box a code may name on the return; it takes ${assignable.join(', ')}`);
    if (boxes.indexOf(box) < i) throw ValidationError.field(`${field}[${i}]`, `repeats ${field}[${boxes.indexOf(box)}]`);
  });
}

/** The rate in effect on `date` (YYYY-MM-DD): the latest effective on or before it, or undefined. `rates` oldest first. */
export function rateOn(rates: readonly TaxRate[], date: string): TaxRate | undefined {
  let found: TaxRate | undefined;
  for (const rate of rates) {
    if (rate.effectiveFrom > date) break;
    found = rate;
  }
  return found;
}
