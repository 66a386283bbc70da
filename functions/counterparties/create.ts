import { counterpartyCreating } from '../../shared/db/stores/counterparty-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as counterpartiesRoutes from '../../shared/routes/counterparties.ts';
import { createCounterparty } from '../../shared/counterparties/counterparties.ts';

export const handler = endpoint(counterpartiesRoutes.create, (r) => createCounterparty(counterpartyCreating, r.uow, r.params.companyId, r.body));
