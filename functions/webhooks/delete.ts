import { webhookDeleting } from '../../shared/db/stores/webhook-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as webhooksRoutes from '../../shared/routes/webhooks.ts';
import { deleteWebhook } from '../../shared/webhooks/webhooks.ts';

export const handler = endpoint(webhooksRoutes.delete, (r) => deleteWebhook(webhookDeleting, r.uow, r.params.companyId, r.params.id, r.body.version));
