import { exchangeRateList } from '../../shared/db/stores/exchange-rate-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as exchangeRatesRoutes from '../../shared/routes/exchange-rates.ts';
import { listExchangeRates } from '../../shared/exchange-rates/exchange-rates.ts';

export const handler = readEndpoint(exchangeRatesRoutes.list, (r) => listExchangeRates(exchangeRateList, r.params.companyId, r.query));
