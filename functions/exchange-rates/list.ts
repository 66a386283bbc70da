import { exchangeRateList } from '../../shared/db/stores/exchange-rate-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as exchangeRatesRoutes from '../../shared/routes/exchange-rates.ts';
import { listExchangeRates } from '../../shared/exchange-rates/exchange-rates.ts';

export const handler = endpoint(exchangeRatesRoutes.list, (r) => listExchangeRates(exchangeRateList, r.params.companyId, r.query));
