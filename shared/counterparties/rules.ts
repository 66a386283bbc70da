import { ValidationError } from '../errors.ts';
import { registrationNumberProblem, TAX_JURISDICTIONS, type TaxJurisdiction } from '../companies/tax-registration.ts';

/**
 * Counterparty rules (pure): which countries exist and which registration numbers a country's
 * counterparty may hold. docs/decisions.md, "Counterparties".
 */

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/**
 * Why `code` (two upper-case letters) is not an ISO 3166-1 alpha-2 country code, or undefined
 * when it is: the runtime's CLDR data names it, and it is not a former or alias code CLDR replaces (UK
 * for GB, YU, SU): no list of countries is kept here.
 */
export function countryProblem(code: string): string | undefined {
  if (REGIONS.of(code) === undefined) return 'is not an ISO 3166-1 alpha-2 country code';
  const canonical = Intl.getCanonicalLocales(`und-${code}`)[0]!.slice('und-'.length);
  return canonical === code ? undefined : `is a former or alias code; use ${canonical}`;
}

const isJurisdiction = (country: string): country is TaxJurisdiction => (TAX_JURISDICTIONS as readonly string[]).includes(country);

/**
 * A registration number is in the form of the counterparty's country where the service knows it:
 * Saudi Arabia's VAT number, the UAE's TRN (companies/tax-registration.ts); elsewhere the schema's
 * general form. Errors: ValidationError naming `taxRegistrationNumber`.
 */
export function checkCounterpartyRegistration(country: string, taxRegistrationNumber: string | null): void {
  if (taxRegistrationNumber === null || !isJurisdiction(country)) return;
  const problem = registrationNumberProblem(country, taxRegistrationNumber);
  if (problem) throw ValidationError.field('taxRegistrationNumber', `${problem} (country ${country})`);
}
