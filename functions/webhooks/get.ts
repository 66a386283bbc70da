import { webhookReads } from '../../shared/db/stores/webhook-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as webhooksRoutes from '../../shared/routes/webhooks.ts';
import { readWebhook } from '../../shared/webhooks/webhooks.ts';

export const handler = readEndpoint(webhooksRoutes.get, (r) => readWebhook(webhookReads, r.params.companyId, r.params.id));
