import type { SettingsRecord } from '../companies/records.ts';
import type { AppError } from '../errors.ts';
import type { Page } from '../schemas/list-query.ts';
import type { Change } from '../unit-of-work.ts';
import type { ExchangeRateRecord } from './records.ts';

/**
 * What the exchange rate use cases (exchange-rates.ts) need of the place rates are kept: one
 * rate per currency and day, never in the base currency. One port per use case, so a handler
 * carries only what it uses; shared/db implements them.
 */

export interface ExchangeRateReads {
  /** The company's rate with this id, or undefined. */
  get(companyId: string, rateId: string): Promise<ExchangeRateRecord | undefined>;
}

export interface ExchangeRateCreating {
  settings(companyId: string): Promise<SettingsRecord | undefined>;
  /** Errors at commit: StateConflict (DuplicateRate, naming `date`); `baseCurrency()` when the currency became the base currency. */
  createChanges(rate: ExchangeRateRecord, baseCurrency: () => AppError): Change[];
}

export interface ExchangeRateReplacing extends ExchangeRateReads {
  /** At the version read. Errors at commit: VersionConflict, NotFound. */
  replaceChange(before: ExchangeRateRecord, after: ExchangeRateRecord): Change;
}

export interface ExchangeRateDeleting extends ExchangeRateReads {
  /** At the version read. Errors at commit: VersionConflict, NotFound. */
  deleteChanges(rate: ExchangeRateRecord): Change[];
}

/** What a list of rates is narrowed to: one currency, a range of days (inclusive). */
export interface RateFilters {
  currency?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

export interface ExchangeRateList {
  /** One page of rates by date, then currency (descending unless `orderAsc`). Errors: ValidationError (InvalidCursor). */
  page(companyId: string, query: { page?: string | undefined; pageSize: number; orderAsc: boolean }, filters: RateFilters): Promise<Page<ExchangeRateRecord>>;
}
