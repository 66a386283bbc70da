import { deliveryList } from '../../shared/db/stores/webhook-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as webhooksRoutes from '../../shared/routes/webhooks.ts';
import { listDeliveries } from '../../shared/webhooks/webhooks.ts';

export const handler = readEndpoint(webhooksRoutes.deliveries, (r) => listDeliveries(deliveryList, r.params.companyId, r.params.id, r.query));
