import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../unit-of-work.ts';
import { NotFound, VersionConflict } from '../errors.ts';
import type { Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { ExchangeRateRecord } from './records.ts';
import { baseCurrencyRefused } from './rules.ts';
import type { ExchangeRateCreating, ExchangeRateDeleting, ExchangeRateList, ExchangeRateReads, ExchangeRateReplacing } from './store.ts';
import type { CreateExchangeRateInput, ListExchangeRatesInput, UpdateExchangeRateInput } from './schemas.ts';

/**
 * A company's exchange rates: for a foreign currency and a day, how many units of the base
 * currency one unit is worth. One rate per currency and day; journals take the latest on or
 * before their date (rateInEffect in shared/db/stores/exchange-rate-store.ts). Each use case
 * takes the port it reads and writes through (store.ts).
 */
export type ExchangeRateView = ResponseOf<'ExchangeRateResponse'>;

const view = (r: ExchangeRateRecord): ExchangeRateView => ({
  id: r.rateId,
  currency: r.currency,
  date: r.date,
  rate: r.rate,
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

async function mustGet(rates: ExchangeRateReads, companyId: string, rateId: string, version?: number): Promise<ExchangeRateRecord> {
  const rate = (await rates.get(companyId, rateId)) ?? NotFound.throw('The exchange rate');
  if (version !== undefined && rate.version !== version) throw new VersionConflict();
  return rate;
}

/** Errors: ValidationError (BaseCurrency) naming `currency`, StateConflict (DuplicateRate) naming `date`. */
export async function createExchangeRate(rates: ExchangeRateCreating, uow: UnitOfWork, companyId: string, input: CreateExchangeRateInput): Promise<ExchangeRateView> {
  const settings = (await rates.settings(companyId)) ?? NotFound.throw('The company settings');
  if (input.currency === settings.baseCurrency) throw baseCurrencyRefused();
  const now = new Date().toISOString();
  const record: ExchangeRateRecord = { companyId, rateId: randomUUID(), currency: input.currency, date: input.date, rate: input.rate, version: 1, createdAt: now, updatedAt: now };
  return uow.commit(rates.createChanges(record, baseCurrencyRefused), view(record));
}

/** Errors: NotFound. */
export async function readExchangeRate(rates: ExchangeRateReads, companyId: string, rateId: string): Promise<ExchangeRateView> {
  return view(await mustGet(rates, companyId, rateId));
}

/** By date, then currency; filters `currency`, `dateFrom`, `dateTo` (inclusive). Errors: ValidationError (InvalidCursor). */
export async function listExchangeRates(rates: ExchangeRateList, companyId: string, query: ListExchangeRatesInput): Promise<Page<ExchangeRateView>> {
  const page = await rates.page(companyId, query, { currency: query.currency, dateFrom: query.dateFrom, dateTo: query.dateTo });
  return { ...page, results: page.results.map(view) };
}

/** Changes the rate only: its currency and date are what it is. Errors: NotFound, VersionConflict. */
export async function updateExchangeRate(rates: ExchangeRateReplacing, uow: UnitOfWork, companyId: string, rateId: string, input: UpdateExchangeRateInput): Promise<ExchangeRateView> {
  const before = await mustGet(rates, companyId, rateId, input.version);
  const after: ExchangeRateRecord = { ...before, rate: input.rate, version: before.version + 1, updatedAt: new Date().toISOString() };
  return uow.commit([rates.replaceChange(before, after)], view(after));
}

/** Errors: NotFound, VersionConflict. */
export async function deleteExchangeRate(rates: ExchangeRateDeleting, uow: UnitOfWork, companyId: string, rateId: string, version: number): Promise<null> {
  return uow.commit(rates.deleteChanges(await mustGet(rates, companyId, rateId, version)), null);
}
