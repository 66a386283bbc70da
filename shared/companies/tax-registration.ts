import { ValidationError } from '../errors.ts';
import { EMIRATES, TAX_JURISDICTIONS } from '../schemas/tax-registration-values.ts';

/**
 * A company's tax registration (pure): the jurisdiction it files VAT in, its registration
 * number, and for the UAE the Emirate a supply counts in by default (the UAE return splits its
 * first box by Emirate). docs/decisions.md, "Tax registration".
 */
export { EMIRATES, TAX_JURISDICTIONS };
export type TaxJurisdiction = (typeof TAX_JURISDICTIONS)[number];

export type Emirate = (typeof EMIRATES)[number];

export interface TaxRegistration {
  taxJurisdiction: TaxJurisdiction | null;
  taxRegistrationNumber: string | null;
  defaultEmirate: Emirate | null;
}

/** A registration number's form in each jurisdiction: ZATCA's VAT number is 15 digits beginning and ending with 3; the FTA's TRN is 15 digits. */
const NUMBER_FORMS: Record<TaxJurisdiction, { pattern: RegExp; reason: string }> = {
  SA: { pattern: /^3\d{13}3$/, reason: 'must be a Saudi VAT registration number: 15 digits, the first and the last 3' },
  AE: { pattern: /^\d{15}$/, reason: 'must be a UAE tax registration number (TRN): 15 digits' },
};

/** Why `number` is not a registration number in `jurisdiction`'s form, or undefined when it is (pure). */
export function registrationNumberProblem(jurisdiction: TaxJurisdiction, number: string): string | undefined {
  const form = NUMBER_FORMS[jurisdiction];
  return form.pattern.test(number) ? undefined : form.reason;
}

/**
 * The registration as it stands after a change is whole: a number only with a jurisdiction and
 * in its form, an Emirate only in the UAE. Errors: ValidationError naming `taxRegistrationNumber`
 * or `defaultEmirate`.
 */
export function checkTaxRegistration(registration: TaxRegistration): void {
  const { taxJurisdiction, taxRegistrationNumber, defaultEmirate } = registration;
  if (taxRegistrationNumber !== null) {
    if (taxJurisdiction === null) throw ValidationError.field('taxRegistrationNumber', 'needs taxJurisdiction (SA or AE): the number is checked in the form of its jurisdiction');
    const problem = registrationNumberProblem(taxJurisdiction, taxRegistrationNumber);
    if (problem) throw ValidationError.field('taxRegistrationNumber', problem);
  }
  if (defaultEmirate !== null && taxJurisdiction !== 'AE') throw ValidationError.field('defaultEmirate', 'applies to a company registered in the UAE only (taxJurisdiction AE)');
}
