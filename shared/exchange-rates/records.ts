/**
 * A company's exchange rate for one currency on one day: `rate` units of the base currency for
 * one unit of `currency` (decimal text, at most 10 decimals). One per (currency, date); its
 * currency and date never change, only its rate (versioned).
 */
export interface ExchangeRateRecord {
  companyId: string;
  rateId: string;
  currency: string;
  /** YYYY-MM-DD. */
  date: string;
  rate: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}
