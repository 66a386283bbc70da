import type { Emirate } from '../companies/tax-registration.ts';
import type { TAX_DIRECTIONS, TAX_KINDS } from '../schemas/tax-code-values.ts';

export type TaxKind = (typeof TAX_KINDS)[number];
export type TaxDirection = (typeof TAX_DIRECTIONS)[number];

/** A rate from a day on: `percent` as decimal text ("15", "5", "0"). */
export interface TaxRate {
  /** YYYY-MM-DD: the first journal date the rate applies to. */
  effectiveFrom: string;
  percent: string;
}

/**
 * A company's tax code: what a journal line names to be taxed. Its rates by effective date
 * (oldest first) apply by the journal's date; its base and its tax count in the return boxes
 * named (ids of the company's jurisdiction's layout, tax-codes/return-layouts.ts).
 */
export interface TaxCodeRecord {
  companyId: string;
  taxCodeId: string;
  /** Unique in the company; what lines and imports name. Never changes. */
  code: string;
  name: { arabic: string; english: string };
  kind: TaxKind;
  direction: TaxDirection;
  rates: TaxRate[];
  /** The posting account the tax goes to (output VAT payable, input VAT recoverable); null for kinds without tax. */
  taxAccountId: string | null;
  /** reverseCharge only: the posting account the self-assessed tax is due on. */
  reverseChargeAccountId: string | null;
  baseBoxes: string[];
  taxBoxes: string[];
  active: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * On a journal line naming a tax code: the code as it stood when the line was written, and what
 * it produced. The line's own amount is then its taxable amount (without tax).
 */
export interface LineTax {
  taxCodeId: string;
  code: string;
  kind: TaxKind;
  direction: TaxDirection;
  /** The rate in effect on the journal's date. */
  percent: string;
  /** In the line's currency. */
  taxAmount: string;
  /** The return boxes its base and its tax count in (the UAE's box 1 already put in the row of the line's Emirate). */
  baseBoxes: string[];
  taxBoxes: string[];
  /** UAE lines: the Emirate the supply counts in. */
  emirate?: Emirate;
  /** The client sent `taxAmount` (its invoice rounded otherwise): recorded as sent. */
  taxAmountSent?: true;
}
