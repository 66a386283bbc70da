import { webhookReads } from '../../shared/db/stores/webhook-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as webhooksRoutes from '../../shared/routes/webhooks.ts';
import { readWebhook } from '../../shared/webhooks/webhooks.ts';

export const handler = endpoint(webhooksRoutes.get, (r) => readWebhook(webhookReads, r.params.companyId, r.params.id));
