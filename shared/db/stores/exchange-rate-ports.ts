import type { ExchangeRateCreating, ExchangeRateDeleting, ExchangeRateList, ExchangeRateReads, ExchangeRateReplacing } from '../../exchange-rates/store.ts';
import { createExchangeRateOps, deleteExchangeRateOps, exchangeRatesPage, getExchangeRate, updateExchangeRateOp } from './exchange-rate-store.ts';
import { getSettings } from './settings-store.ts';

/** The exchange rates' ports (exchange-rates/store.ts), one per use case (plain properties: a bundler keeps a spread it cannot prove pure). */
export const exchangeRateReads: ExchangeRateReads = { get: getExchangeRate };

export const exchangeRateCreating: ExchangeRateCreating = { settings: getSettings, createChanges: createExchangeRateOps };

export const exchangeRateReplacing: ExchangeRateReplacing = { get: getExchangeRate, replaceChange: updateExchangeRateOp };

export const exchangeRateDeleting: ExchangeRateDeleting = { get: getExchangeRate, deleteChanges: deleteExchangeRateOps };

export const exchangeRateList: ExchangeRateList = { page: exchangeRatesPage };
