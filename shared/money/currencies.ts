import { ISO_4217_MINOR_UNITS } from './iso-4217.ts';

/**
 * Currencies (pure): which codes are currencies, and how many decimals an amount in each may
 * have. The base currency's are the company's `decimalPrecision` (its books are kept at that
 * precision, which may be finer than ISO's); any other currency's are its ISO 4217 minor unit.
 */

/** Whether `code` is an ISO 4217 currency code with a minor unit (upper case, as ISO writes it). */
export function isCurrency(code: string): boolean {
  return ISO_4217_MINOR_UNITS.has(code);
}

/** The ISO 4217 minor unit of a currency (JPY 0, SAR 2, KWD 3, CLF 4). Throws for a code that is not a currency: check isCurrency first. */
export function minorUnits(code: string): number {
  const units = ISO_4217_MINOR_UNITS.get(code);
  if (units === undefined) throw new Error(`Not an ISO 4217 currency: ${code}`);
  return units;
}

/** What decides a company's currency precisions: its settings. */
export interface CurrencySettings {
  baseCurrency: string;
  decimalPrecision: number;
}

/** Decimals of amounts in `currency` in this company's books: the base currency's setting, otherwise the ISO minor unit. */
export function currencyPrecision(settings: CurrencySettings, currency: string): number {
  return currency === settings.baseCurrency ? settings.decimalPrecision : minorUnits(currency);
}
