import { webhookList } from '../../shared/db/stores/webhook-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as webhooksRoutes from '../../shared/routes/webhooks.ts';
import { listCompanyWebhooks } from '../../shared/webhooks/webhooks.ts';

export const handler = readEndpoint(webhooksRoutes.list, (r) => listCompanyWebhooks(webhookList, r.params.companyId, r.query));
