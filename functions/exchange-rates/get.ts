import { exchangeRateReads } from '../../shared/db/stores/exchange-rate-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as exchangeRatesRoutes from '../../shared/routes/exchange-rates.ts';
import { readExchangeRate } from '../../shared/exchange-rates/exchange-rates.ts';

export const handler = readEndpoint(exchangeRatesRoutes.get, (r) => readExchangeRate(exchangeRateReads, r.params.companyId, r.params.id));
