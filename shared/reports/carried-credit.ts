import type { TaxJurisdiction } from '../companies/tax-registration.ts';
import { toMils } from '../money/mils.ts';
import type { FiledReturn } from '../vat-returns/records.ts';

/**
 * The box of a form that takes the credit earlier returns left (ZATCA's box 15). The FTA's VAT 201
 * has none: a UAE credit stays with the authority until refunded (form VAT311), not on the return.
 */
export const CARRIED_CREDIT_BOX: Partial<Record<TaxJurisdiction, string>> = { SA: '15' };

/** The credit a return carries from an earlier one: that return and the credit, in mils (positive). */
export interface CarriedCredit {
  from: FiledReturn;
  tax: bigint;
}

/**
 * The credit a return of `range` carries forward (pure): the last return filed before the range
 * left a credit (its net due below zero, its own carried credit included, so credit runs on from
 * return to return), no refund was requested of it, and no other filed return carried it already
 * (a range filed out of order cannot carry a credit twice). Null where the form takes none.
 */
export function carriedCredit(jurisdiction: TaxJurisdiction, range: { from: string; to: string }, filed: readonly FiledReturn[]): CarriedCredit | null {
  if (!CARRIED_CREDIT_BOX[jurisdiction]) return null;
  const last = filed.filter((f) => f.dateTo < range.from).at(-1);
  if (!last || last.refundRequested) return null;
  const carriedBy = filed.find((f) => f.carriedFrom === last.returnId);
  if (carriedBy && (carriedBy.dateFrom !== range.from || carriedBy.dateTo !== range.to)) return null;
  const net = toMils((last.answer as { netDue: string }).netDue);
  return net < 0n ? { from: last, tax: -net } : null;
}
