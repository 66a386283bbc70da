import { counterpartyReads } from '../../shared/db/stores/counterparty-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as counterpartiesRoutes from '../../shared/routes/counterparties.ts';
import { readCounterparty } from '../../shared/counterparties/counterparties.ts';

export const handler = readEndpoint(counterpartiesRoutes.get, (r) => readCounterparty(counterpartyReads, r.params.companyId, r.params.id));
