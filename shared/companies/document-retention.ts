import { ValidationError } from '../errors.ts';
import type { TaxJurisdiction } from './tax-registration.ts';

/**
 * How long a company's records and their source documents are kept (pure; docs/decisions.md,
 * Companies, "Document retention"): whole years, at least what its jurisdiction's law asks.
 * Saudi Arabia: 6 (ZATCA, VAT Implementing Regulations art. 66); the UAE: 7 (Federal Decree-Law
 * 47 of 2022 on corporate tax, art. 56, longer than its VAT law's 5); a company without a
 * jurisdiction: 6, the documents bucket's own default.
 */
const MINIMUM_YEARS: Readonly<Record<TaxJurisdiction, number>> = { SA: 6, AE: 7 };
const WITHOUT_JURISDICTION = 6;

export const minimumRetentionYears = (jurisdiction: TaxJurisdiction | null): number => (jurisdiction ? MINIMUM_YEARS[jurisdiction] : WITHOUT_JURISDICTION);

/** The years in effect: the company's own, or (settings written before retention was kept) its jurisdiction's minimum. */
export const retentionYears = (settings: { taxJurisdiction: TaxJurisdiction | null; documentRetentionYears?: number | undefined }): number =>
  settings.documentRetentionYears ?? minimumRetentionYears(settings.taxJurisdiction);

/**
 * The retention after a settings patch, in `jurisdiction` (the one after the patch): the years
 * given, at least its minimum; null, the minimum; left out, the years kept, raised to the minimum
 * of a jurisdiction that asks more (retention never falls but by a patch that says so).
 * Errors: ValidationError naming `documentRetentionYears` (given below the minimum).
 */
export function patchedRetention(kept: number | undefined, given: number | null | undefined, jurisdiction: TaxJurisdiction | null): number {
  const minimum = minimumRetentionYears(jurisdiction);
  if (given === undefined) return Math.max(kept ?? minimum, minimum);
  if (given === null) return minimum;
  if (given < minimum) {
    throw ValidationError.field('documentRetentionYears', `must be at least ${minimum} years ${jurisdiction ? `in ${jurisdiction} (taxJurisdiction)` : 'without a taxJurisdiction'}; null sets the minimum`);
  }
  return given;
}

/**
 * The instant a retention of `years` from `from` ends, counted as the documents bucket counts its
 * default (infra/documents-bucket.ts): whole years of 365 days plus a day for each leap day they
 * can hold, never shorter than the years the law counts.
 */
export function retainUntil(from: Date, years: number): Date {
  return new Date(from.getTime() + (365 * years + Math.ceil(years / 4)) * 86_400_000);
}
