import { CreateExchangeRateBody, ListExchangeRatesQuery, UpdateExchangeRateBody } from '../exchange-rates/schemas.ts';
import { route, company, VersionBody } from './route.ts';

const rate = `${company}/ExchangeRates/{id}` as const;

/**
 * The exchangeRates rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as exchangeRatesRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('exchangeRates.create', () => ({ methods: ['POST'], path: `${company}/ExchangeRates`, handler: 'functions/exchange-rates/create.ts', access: 'exchange-rates:manage', event: 'ExchangeRateCreated', idempotentOperation: 'CreateExchangeRate', body: CreateExchangeRateBody, response: 'ExchangeRateResponse', errors: ['400 BaseCurrency', '409 DuplicateRate'], summary: 'Record the rate of a foreign currency on a day (one per currency and day)', tag: 'Exchange rates' }));
export const list = /* @__PURE__ */ route('exchangeRates.list', () => ({ methods: ['GET'], path: `${company}/ExchangeRates`, handler: 'functions/exchange-rates/list.ts', access: 'exchange-rates:read', query: ListExchangeRatesQuery, response: { page: 'ExchangeRateResponse' }, summary: 'List exchange rates by date, then currency (paginated; filters currency, dateFrom, dateTo)', tag: 'Exchange rates' }));
export const get = /* @__PURE__ */ route('exchangeRates.get', () => ({ methods: ['GET'], path: rate, handler: 'functions/exchange-rates/get.ts', access: 'exchange-rates:read', response: 'ExchangeRateResponse', summary: 'Get an exchange rate', tag: 'Exchange rates' }));
export const update = /* @__PURE__ */ route('exchangeRates.update', () => ({ methods: ['PUT'], path: rate, handler: 'functions/exchange-rates/update.ts', access: 'exchange-rates:manage', event: 'ExchangeRateChanged', body: UpdateExchangeRateBody, response: 'ExchangeRateResponse', errors: ['409 Conflict'], summary: 'Change an exchange rate\'s value (versioned); its currency and date stay', tag: 'Exchange rates' }));
const deleteRow = /* @__PURE__ */ route('exchangeRates.delete', () => ({ methods: ['DELETE'], path: rate, handler: 'functions/exchange-rates/delete.ts', access: 'exchange-rates:manage', event: 'ExchangeRateDeleted', body: VersionBody, errors: ['409 Conflict'], summary: 'Delete an exchange rate (versioned)', tag: 'Exchange rates' }));
export { deleteRow as delete };

/** Every exchangeRates row by action, for the route table. */
export const exchangeRatesRoutes = { create, list, get, update, delete: deleteRow };
