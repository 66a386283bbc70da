import { counterpartyList } from '../../shared/db/stores/counterparty-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as counterpartiesRoutes from '../../shared/routes/counterparties.ts';
import { listCounterparties } from '../../shared/counterparties/counterparties.ts';

export const handler = readEndpoint(counterpartiesRoutes.list, (r) => listCounterparties(counterpartyList, r.params.companyId, r.query));
