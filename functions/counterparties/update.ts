import { counterpartyReplacing } from '../../shared/db/stores/counterparty-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as counterpartiesRoutes from '../../shared/routes/counterparties.ts';
import { updateCounterparty } from '../../shared/counterparties/counterparties.ts';

export const handler = writeEndpoint(counterpartiesRoutes.update, (r) => updateCounterparty(counterpartyReplacing, r.uow, r.params.companyId, r.params.id, r.body));
