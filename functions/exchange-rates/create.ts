import { exchangeRateCreating } from '../../shared/db/stores/exchange-rate-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as exchangeRatesRoutes from '../../shared/routes/exchange-rates.ts';
import { createExchangeRate } from '../../shared/exchange-rates/exchange-rates.ts';

export const handler = endpoint(exchangeRatesRoutes.create, (r) => createExchangeRate(exchangeRateCreating, r.uow, r.params.companyId, r.body));
