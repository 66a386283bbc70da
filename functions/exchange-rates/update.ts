import { exchangeRateReplacing } from '../../shared/db/stores/exchange-rate-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as exchangeRatesRoutes from '../../shared/routes/exchange-rates.ts';
import { updateExchangeRate } from '../../shared/exchange-rates/exchange-rates.ts';

export const handler = writeEndpoint(exchangeRatesRoutes.update, (r) => updateExchangeRate(exchangeRateReplacing, r.uow, r.params.companyId, r.params.id, r.body));
